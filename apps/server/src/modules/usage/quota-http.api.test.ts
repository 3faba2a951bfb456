import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from '../alt-text/alt-text.test-support';
import { startAltTextEnv } from '../alt-text/alt-text.test-support';
import { meteringFor } from './usage.test-support';

// The quota through the real generation endpoint: admission, 429s, headers and usage events.
// The server's clock stands still half-way through an hour, so no test can straddle a window.
const NOW = Date.parse('2030-01-15T10:30:00.000Z');
const NEXT_HOUR = Date.parse('2030-01-15T11:00:00.000Z');

for (const database of DATABASES) {
  describe(`quota over HTTP (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { now: () => NOW });
    });
    afterAll(() => env.close());

    const createKey = async (token: string) =>
      (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;

    it('answers exactly 100 of 150 concurrent requests on a fresh free account, 429 for the rest', async () => {
      const { token, user } = await registerUser(env.server);
      const apiKey = await createKey(token);
      const imageUrl = await env.hostImage();
      const responses = await Promise.all(
        Array.from({ length: 150 }, () => env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl } })),
      );
      const ok = responses.filter((r) => r.status === 200);
      const throttled = responses.filter((r) => r.status === 429);
      expect(ok).toHaveLength(100);
      expect(throttled).toHaveLength(50);

      for (const response of throttled) {
        expect(response.body.error).toMatchObject({ code: 'quota_exceeded', message: 'Hourly limit of 100 requests reached' });
        expect(response.headers.get('retry-after')).toBe(String((NEXT_HOUR - NOW) / 1000));
        expect(response.headers.get('x-ratelimit-limit')).toBe('100');
        expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      }
      const resets = new Set(responses.map((r) => r.headers.get('x-ratelimit-reset')));
      expect(resets.size).toBe(1);
      expect([...resets]).toEqual([String(NEXT_HOUR / 1000)]);
      const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 100 }, (_, i) => i));

      const usage = await env.server.request('GET', '/api/v1/usage?range=24h', { apiKey });
      expect(usage.status).toBe(200);
      expect(usage.body.currentUsage.hour).toMatchObject({ used: 100, remaining: 0, limit: 100 });
      expect(usage.body.key.usage).toEqual({ hour: 100, day: 100 });
      expect(usage.body.trends).toMatchObject({ totalRequestsToday: 150, successRate: 66.7, errorRate: 0 });
      // Every request left one event: 100 successes and 50 throttled, all through the key (a
      // refusal's event commits just after its 429; the usage report above waited for them).
      const events = await env.server.app.db
        .selectFrom('usage_events')
        .select(['outcome', 'api_key_id'])
        .where('user_id', '=', user.userId)
        .execute();
      expect(events.filter((e) => e.outcome === 'success')).toHaveLength(100);
      expect(events.filter((e) => e.outcome === 'throttled')).toHaveLength(50);

      expect(usage.body.series.buckets.at(-1)).toMatchObject({ success: 100, throttled: 50, error: 0 });
    });

    it('raises the hourly limit for an existing key the moment the plan changes', async () => {
      const { token, user } = await registerUser(env.server);
      const apiKey = await createKey(token);
      const imageUrl = await env.hostImage();
      const { quota } = meteringFor(env.server, () => NOW);
      expect((await quota.admit(user.userId, 100)).admitted).toBe(true);
      const blocked = await env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl } });
      expect(blocked.status).toBe(429);

      const upgrade = await env.server.request('POST', '/api/user/subscription', {
        token,
        body: { planId: 'pro', paymentMethodId: 'pm_test_visa' },
      });
      expect(upgrade.status).toBe(201);
      const allowed = await env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl } });
      expect(allowed.status).toBe(200);
      expect(allowed.headers.get('x-ratelimit-limit')).toBe('2000');
      expect(allowed.headers.get('x-ratelimit-remaining')).toBe('1899');

      const keys = await env.server.request('GET', '/api/v1/api-keys', { token });
      expect(keys.body.apiKeys[0]).toMatchObject({
        plan: 'pro',
        limits: { requestsPerHour: 2000, requestsPerDay: 25000 },
        remainingRequests: { hour: 1899, day: 24899 },
      });
    });

    it('records a failed image as an error event, and keeps the unit when the caller caused it', async () => {
      const { token } = await registerUser(env.server);
      const apiKey = await createKey(token);
      const missing = `${env.host.url}/images/missing.png`;
      env.host.set('/images/missing.png', { status: 404, body: 'no' });
      const response = await env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl: missing } });
      expect(response.status).toBe(422);
      const usage = await env.server.request('GET', '/api/v1/usage', { apiKey });
      expect(usage.body.trends).toMatchObject({ totalRequestsToday: 1, successRate: 0, errorRate: 100 });
      expect(usage.body.currentUsage.day.used).toBe(1);
    });
  });
}
