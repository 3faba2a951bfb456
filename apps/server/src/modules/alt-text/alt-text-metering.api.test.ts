import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';
import { unitsCharged } from '../usage/usage.test-support';


for (const database of DATABASES) {
  describe(`quotas and usage of the generation endpoints (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
    });
    afterEach(() => env.vision!.reset());
    afterAll(() => env.close());

    const charged = (userId: string) => unitsCharged(env.server, userId);
    const events = (userId: string) =>
      env.server.app.db
        .selectFrom('usage_events')
        .select(['endpoint', 'outcome', 'images', 'cached', 'api_key_id'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();

    it('works with an X-API-Key, counts one unit per image and records the key on the event', async () => {
      const { token, user } = await registerUser(env.server);
      const key = await env.server.request('POST', '/api/v1/api-keys', { token, body: {} });
      expect(key.status).toBe(201);
      const imageUrl = await env.hostImage();
      const first = await env.server.request('POST', '/api/v1/images', { apiKey: key.body.apiKey, body: { imageUrl } });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('100');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('99');
      const cached = await env.server.request('POST', '/api/v1/images', { apiKey: key.body.apiKey, body: { imageUrl } });
      expect(cached.body.cached).toBe(true);
      // A cached answer still counts.
      expect(cached.headers.get('x-ratelimit-remaining')).toBe('98');
      expect(await charged(user.userId)).toBe(2);
      expect(await events(user.userId)).toEqual([
        { endpoint: 'POST /api/v1/images', outcome: 'success', images: 1, cached: 0, api_key_id: key.body.id },
        { endpoint: 'POST /api/v1/images', outcome: 'success', images: 1, cached: 1, api_key_id: key.body.id },
      ]);
    });

    it('refuses with 429 quota_exceeded, Retry-After and X-RateLimit headers when the hour is used up', async () => {
      const { token, user } = await registerUser(env.server);
      await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      await env.server.app.db
        .updateTable('quota_counters')
        .set({ used: 100 })
        .where('user_id', '=', user.userId)
        .where('window', '=', 'hour')
        .execute();
      const calls = env.vision!.calls;
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(response.status).toBe(429);
      expect(response.body.error.code).toBe('quota_exceeded');
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(env.vision!.calls).toBe(calls);
      // A refusal is answered before its event commits (alt-text.service.ts admit): it lands just after.
      await vi.waitFor(async () => expect((await events(user.userId)).at(-1)).toMatchObject({ outcome: 'throttled', images: 1 }));
    });

    it('refuses a batch that does not fit whole, charging nothing', async () => {
      const { token, user } = await registerUser(env.server);
      await setPlan(env.server, user.userId, 'pro');
      await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      await env.server.app.db
        .updateTable('quota_counters')
        .set({ used: 1999 })
        .where('user_id', '=', user.userId)
        .where('window', '=', 'hour')
        .execute();
      const urls = [await env.hostImage(), await env.hostImage()];
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: urls } });
      expect(response.status).toBe(429);
      expect(await charged(user.userId)).toBe(1999);
      await vi.waitFor(async () =>
        expect((await events(user.userId)).at(-1)).toMatchObject({ endpoint: 'POST /api/v1/images/batch', outcome: 'throttled', images: 2 }),
      );
    });

    it('refunds a unit the provider failed, but not one the caller caused', async () => {
      const { token, user } = await registerUser(env.server);
      env.vision!.failAlways(500);
      const providerFailure = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(providerFailure.status).toBe(502);
      expect(await charged(user.userId)).toBe(0);
      env.vision!.reset();
      const callerFailure = await env.server.request('POST', '/api/v1/images', {
        token,
        body: { imageUrl: `${env.host.url}/nothing-here.png` },
      });
      expect(callerFailure.status).toBe(422);
      expect(await charged(user.userId)).toBe(1);
      expect((await events(user.userId)).map((event) => event.outcome)).toEqual(['error', 'error']);
    });

    it('charges a batch N units and refunds only its provider-side failures', async () => {
      const { token, user } = await registerUser(env.server);
      await setPlan(env.server, user.userId, 'pro');
      const good = await env.hostImage();
      const response = await env.server.request('POST', '/api/v1/images/batch', {
        token,
        body: { imageUrls: [good, `${env.host.url}/gone.png`, good] },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBe('1997');
      expect(response.body.summary).toEqual({ total: 3, succeeded: 2, failed: 1 });
      // The 404 was the caller's URL: all three units stay charged.
      expect(await charged(user.userId)).toBe(3);
      // Each unit is settled with its own event (the same transaction as its history row).
      expect((await events(user.userId)).map((event) => [event.outcome, event.images]).sort()).toEqual([
        ['error', 1],
        ['success', 1],
        ['success', 1],
      ]);

      env.vision!.failAlways(500);
      const failing = await env.server.request('POST', '/api/v1/images/batch', {
        token,
        body: { imageUrls: [await env.hostImage(), await env.hostImage()] },
      });
      expect(failing.body.summary).toEqual({ total: 2, succeeded: 0, failed: 2 });
      expect(failing.body.results[0].error.code).toBe('provider_error');
      expect(await charged(user.userId)).toBe(3);
    });

    it('does not count the quality check, the history or a refused batch plan', async () => {
      const { token, user } = await registerUser(env.server);
      await env.server.request('POST', '/api/v1/alt-text/check', { token, body: { altText: 'A red bicycle' } });
      await env.server.request('GET', '/api/v1/images', { token });
      const forbidden = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: [await env.hostImage()] } });
      expect(forbidden.status).toBe(403);
      expect(await charged(user.userId)).toBe(0);
      expect(await events(user.userId)).toEqual([]);
    });
  });
}
