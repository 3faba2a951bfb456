import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';
import { unitsCharged } from '../usage/usage.test-support';

for (const database of DATABASES) {
  describe(`Idempotency-Key on the generation endpoints (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
    });
    afterAll(() => env.close());

    const charged = (userId: string) => unitsCharged(env.server, userId);

    it('answers a retry with the stored first response, its rate-limit headers, and charges nothing more', async () => {
      const { token, user } = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      const headers = { 'idempotency-key': randomUUID() };
      const first = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl }, headers });
      const again = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl }, headers });
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'));
      expect(await charged(user.userId)).toBe(1);
      expect(env.vision!.calls).toBeGreaterThan(0);
    });

    it('runs a batch once when the same key arrives twice at the same moment', async () => {
      const { token, user } = await registerUser(env.server);
      await setPlan(env.server, user.userId, 'pro');
      const imageUrls = [await env.hostImage(), await env.hostImage(), await env.hostImage()];
      const headers = { 'idempotency-key': randomUUID() };
      env.vision!.setLatency(300);
      try {
        const [one, two] = await Promise.all([
          env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls }, headers }),
          env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls }, headers }),
        ]);
        expect([one.status, two.status]).toEqual([200, 200]);
        expect(two.body).toEqual(one.body);
        expect(await charged(user.userId)).toBe(3);
      } finally {
        env.vision!.setLatency(0);
      }
    });

    it('refuses the same key with a different body (422), and keeps keys apart per account', async () => {
      const { token } = await registerUser(env.server);
      const other = await registerUser(env.server);
      const key = randomUUID();
      const headers = { 'idempotency-key': key };
      expect((await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() }, headers })).status).toBe(200);
      const reused = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() }, headers });
      expect(reused.status).toBe(422);
      expect(reused.body.error.code).toBe('idempotency_key_reused');
      // Another account's identical key is its own.
      const theirs = await env.server.request('POST', '/api/v1/images', { token: other.token, body: { imageUrl: await env.hostImage() }, headers });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    });

    it('forgets a failed run, so the same key can be retried, and rejects a malformed key', async () => {
      const { token, user } = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      const headers = { 'idempotency-key': randomUUID() };
      env.vision!.failAlways(500);
      const failed = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl }, headers });
      env.vision!.reset();
      expect(failed.status).toBe(502);
      const retried = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl }, headers });
      expect(retried.status).toBe(200);
      expect(await charged(user.userId)).toBe(1);
      const bad = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl }, headers: { 'idempotency-key': 'has space' } });
      expect(bad.status).toBe(400);
    });
  });
}
