import { batchResponseSchema, historyResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/server-process';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';

for (const database of DATABASES) {
  describe(`POST /api/v1/images/batch (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true, env: { BATCH_CONCURRENCY: '3' } });
    });
    afterAll(() => env.close());

    async function proUser() {
      const session = await registerUser(env.server);
      await setPlan(env.server, session.user.userId, 'pro');
      return session;
    }

    it('refuses the Free plan with 403 plan_forbidden and the upgrade message', async () => {
      const { token } = await registerUser(env.server);
      const calls = env.vision!.calls;
      const response = await env.server.request('POST', '/api/v1/images/batch', {
        token,
        body: { imageUrls: [await env.hostImage()] },
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: {
          code: 'plan_forbidden',
          message: 'Batch processing is not available on the Free plan. Upgrade to Pro to process images in batches.',
        },
      });
      expect(env.vision!.calls).toBe(calls);
    });

    it('describes a Pro batch in input order, reporting a broken URL as one error item', async () => {
      const { token } = await proUser();
      const urls = [await env.hostImage(), `${env.host.url}/does-not-exist.png`, await env.hostImage(), await env.hostImage()];
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: urls } });
      expect(response.status).toBe(200);
      const body = batchResponseSchema.parse(response.body);
      expect(body.results.map((item) => item.imageUrl)).toEqual(urls);
      expect(body.results[1]).toEqual({
        imageUrl: urls[1],
        error: { code: 'image_unreachable', message: expect.any(String) },
      });
      for (const index of [0, 2, 3]) expect(body.results[index]).toMatchObject({ altText: expect.stringMatching(/^Fake/) });
      expect(body.summary).toEqual({ total: 4, succeeded: 3, failed: 1 });
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    });

    it('runs at most BATCH_CONCURRENCY images at once', async () => {
      const { token } = await proUser();
      // At each answer, the calls received but not yet answered were in flight together.
      const baseline = env.vision!.calls;
      let answered = 0;
      let mostInFlight = 0;
      env.vision!.setLatency(100);
      env.vision!.setReply(() => {
        mostInFlight = Math.max(mostInFlight, env.vision!.calls - baseline - answered);
        answered += 1;
        return { altText: 'A harbour with fishing boats at dusk' };
      });
      try {
        const urls = await Promise.all(Array.from({ length: 7 }, () => env.hostImage()));
        // The first answers wait until three calls are in flight together: the batch reaches its limit
        // however slowly the machine dispatches (a 100 ms latency alone left that to chance).
        env.vision!.hold();
        const answering = env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: urls } });
        await until('three model calls in flight together', () => env.vision!.calls - baseline >= 3, 60_000, 10);
        env.vision!.release();
        const response = await answering;
        expect(response.body.summary.succeeded).toBe(7);
        expect(mostInFlight).toBe(3);
      } finally {
        env.vision!.release();
        env.vision!.reset();
      }
    });

    it('makes one model call for a URL repeated within a batch, and uses the cache after', async () => {
      const { token } = await proUser();
      const url = await env.hostImage();
      const calls = env.vision!.calls;
      const response = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: [url, url, url] } });
      expect(response.body.summary.succeeded).toBe(3);
      expect(env.vision!.calls).toBe(calls + 1);
    });

    it('validates the list: empty and more than 50 are 400', async () => {
      const { token } = await proUser();
      const empty = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: [] } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.message).toBe('Please enter at least one image URL');
      const tooMany = Array.from({ length: 51 }, (_, index) => `https://example.com/${index}.png`);
      const big = await env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls: tooMany } });
      expect(big.status).toBe(400);
    });
  });

  describe(`GET /api/v1/images history (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
    });
    afterAll(() => env.close());

    it('lists the caller\'s generations newest first with a working cursor, never another user\'s', async () => {
      const alice = await registerUser(env.server);
      const bob = await registerUser(env.server);
      const urls: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const url = await env.hostImage(undefined, `/history/alice-${index}-${Date.now()}.png`);
        urls.push(url);
        const response = await env.server.request('POST', '/api/v1/images', { token: alice.token, body: { imageUrl: url } });
        expect(response.status).toBe(200);
      }
      await env.server.request('POST', '/api/v1/images', { token: bob.token, body: { imageUrl: await env.hostImage() } });

      const first = await env.server.request('GET', '/api/v1/images?limit=2', { token: alice.token });
      expect(first.status).toBe(200);
      const page1 = historyResponseSchema.parse(first.body);
      expect(page1.items.map((item) => item.imageUrl)).toEqual([urls[4], urls[3]]);
      expect(page1.nextCursor).toEqual(expect.any(String));

      const page2 = (await env.server.request('GET', `/api/v1/images?limit=2&cursor=${page1.nextCursor}`, { token: alice.token })).body;
      expect(page2.items.map((item: { imageUrl: string }) => item.imageUrl)).toEqual([urls[2], urls[1]]);
      const page3 = (await env.server.request('GET', `/api/v1/images?limit=2&cursor=${page2.nextCursor}`, { token: alice.token })).body;
      expect(page3.items.map((item: { imageUrl: string }) => item.imageUrl)).toEqual([urls[0]]);
      expect(page3.nextCursor).toBeNull();

      const bobs = (await env.server.request('GET', '/api/v1/images', { token: bob.token })).body;
      expect(bobs.items).toHaveLength(1);
      expect(bobs.items[0].imageUrl).not.toContain('alice');
    });

    it('answers 400 for a cursor that is not ours and 401 without a caller', async () => {
      const { token } = await registerUser(env.server);
      const bad = await env.server.request('GET', '/api/v1/images?cursor=not-a-cursor', { token });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
      const anonymous = await env.server.request('GET', '/api/v1/images');
      expect(anonymous.status).toBe(401);
    });
  });
}
