import { usageResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { UsageOutcome } from './quota-decision';
import type { TestClock } from './usage.test-support';
import { createTestClock, meteringFor } from './usage.test-support';

const NOW = '2030-03-10T15:30:00.000Z';

for (const database of DATABASES) {
  describe(`GET /api/v1/usage (${database})`, () => {
    let server: TestServer;
    let clock: TestClock;
    let metering: ReturnType<typeof meteringFor>;
    beforeAll(async () => {
      clock = createTestClock(NOW);
      server = await startTestServer(database, {}, { now: () => clock.now });
      metering = meteringFor(server, () => clock.now);
    });
    afterAll(() => server.close());

    /** Records an event at a given instant, then puts the clock back to NOW. */
    async function recordAt(at: string, userId: string, outcome: UsageOutcome, images: number, processingMs = 0, apiKeyId: string | null = null) {
      clock.set(at);
      await metering.usage.record({ userId, apiKeyId, endpoint: 'POST /api/v1/images', outcome, images, processingMs, cached: false });
      clock.set(NOW);
    }

    const usage = async (token: string, range?: string) => {
      const response = await server.request('GET', `/api/v1/usage${range ? `?range=${range}` : ''}`, { token });
      expect(response.status).toBe(200);
      return usageResponseSchema.parse(response.body);
    };

    it('describes a new free account: full windows, 100% success, an upgrade to Pro, 7 empty days', async () => {
      const { token } = await registerUser(server);
      const body = await usage(token);
      expect(body.currentUsage).toEqual({
        hour: { used: 0, remaining: 100, limit: 100, resetTime: '2030-03-10T16:00:00.000Z' },
        day: { used: 0, remaining: 500, limit: 500, resetTime: '2030-03-11T00:00:00.000Z' },
      });
      expect(body.trends).toEqual({ totalRequestsToday: 0, successRate: 100, errorRate: 0, avgResponseTime: 0 });
      expect(body.planDetails).toEqual({ plan: 'free', upgradeAvailable: true, nextPlan: 'pro' });
      expect(body.series.range).toBe('7d');
      expect(body.series.buckets.map((b) => b.start)).toEqual(
        ['03-04', '03-05', '03-06', '03-07', '03-08', '03-09', '03-10'].map((day) => `2030-${day}T00:00:00.000Z`),
      );
      expect(body.series.buckets.every((b) => b.success + b.error + b.throttled + b.avgResponseTime === 0)).toBe(true);
      expect(body).not.toHaveProperty('key');
    });

    it('has 24 hourly buckets ending with the current hour, and 30 and 90 daily ones ending today', async () => {
      const { token } = await registerUser(server);
      const hourly = (await usage(token, '24h')).series.buckets;
      expect(hourly).toHaveLength(24);
      expect(hourly[0]!.start).toBe('2030-03-09T16:00:00.000Z');
      expect(hourly[23]!.start).toBe('2030-03-10T15:00:00.000Z');
      for (const [range, days, first] of [
        ['30d', 30, '2030-02-09T00:00:00.000Z'],
        ['90d', 90, '2029-12-11T00:00:00.000Z'],
      ] as const) {
        const buckets = (await usage(token, range)).series.buckets;
        expect(buckets).toHaveLength(days);
        expect(buckets[0]!.start).toBe(first);
        expect(buckets.at(-1)!.start).toBe('2030-03-10T00:00:00.000Z');
      }
    });

    it('puts each event in its bucket, at the edges too, and counts images', async () => {
      const { token, user } = await registerUser(server);
      const other = await registerUser(server);
      await recordAt('2030-03-10T15:05:00.000Z', user.userId, 'success', 2, 100);
      await recordAt('2030-03-10T15:29:59.999Z', user.userId, 'success', 1, 300);
      await recordAt('2030-03-10T00:00:00.000Z', user.userId, 'error', 1, 50);
      await recordAt('2030-03-09T23:59:59.999Z', user.userId, 'throttled', 4);
      await recordAt('2030-03-09T16:00:00.000Z', user.userId, 'success', 1, 80);
      await recordAt('2030-03-09T15:59:59.999Z', user.userId, 'success', 6, 80);
      await recordAt('2030-03-04T00:00:00.000Z', user.userId, 'success', 1, 20);
      await recordAt('2030-03-03T23:59:59.999Z', user.userId, 'success', 5, 20);
      await recordAt('2029-12-11T00:00:00.000Z', user.userId, 'error', 9, 20);
      await recordAt('2030-03-10T15:10:00.000Z', other.user.userId, 'success', 50, 999);

      const week = await usage(token, '7d');
      expect(week.series.buckets.map((b) => [b.success, b.error, b.throttled, b.avgResponseTime])).toEqual([
        [1, 0, 0, 20], // 03-04 (03-03 is outside the week)
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [7, 0, 4, 80], // 03-09: two requests of 80 ms, and the throttled one at 23:59:59.999
        [3, 1, 0, 200], // today: (100 + 300) / 2 requests
      ]);
      expect(week.trends).toEqual({ totalRequestsToday: 4, successRate: 75, errorRate: 25, avgResponseTime: 200 });

      const day = (await usage(token, '24h')).series.buckets;
      const nonEmpty = day.flatMap((b, i) => (b.success + b.error + b.throttled > 0 ? [[i, b.start, b.success, b.error, b.throttled]] : []));
      expect(nonEmpty).toEqual([
        [0, '2030-03-09T16:00:00.000Z', 1, 0, 0], // 15:59:59.999 yesterday is before the window
        [7, '2030-03-09T23:00:00.000Z', 0, 0, 4],
        [8, '2030-03-10T00:00:00.000Z', 0, 1, 0],
        [23, '2030-03-10T15:00:00.000Z', 3, 0, 0],
      ]);

      const quarter = (await usage(token, '90d')).series.buckets;
      expect(quarter[0]).toMatchObject({ start: '2029-12-11T00:00:00.000Z', error: 9 });
      expect(quarter.reduce((sum, b) => sum + b.success, 0)).toBe(1 + 6 + 1 + 5 + 3);
    });

    it('reports the windows from the quota counters, and a key when called with X-API-Key', async () => {
      const { token, user } = await registerUser(server);
      const key = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body;
      await metering.quota.admit(user.userId, 30);
      await recordAt(NOW, user.userId, 'success', 30, 10, key.id);
      const response = await server.request('GET', '/api/v1/usage?range=24h', { apiKey: key.apiKey });
      expect(response.status).toBe(200);
      expect(response.body.currentUsage.hour).toMatchObject({ used: 30, remaining: 70, limit: 100 });
      expect(response.body.currentUsage.day).toMatchObject({ used: 30, remaining: 470, limit: 500 });
      expect(response.body.key).toEqual({ id: key.id, usage: { hour: 30, day: 30 } });
      expect(response.body.series.range).toBe('24h');
    });

    it('shows no upgrade on the top plan', async () => {
      const { token, user } = await registerUser(server);
      await metering.users.setPlan(user.userId, 'enterprise');
      const body = await usage(token);
      expect(body.planDetails).toEqual({ plan: 'enterprise', upgradeAvailable: false, nextPlan: null });
      expect(body.currentUsage.hour.limit).toBe(20000);
    });

    it('rebuilds from the event log exactly the rollups the recorder keeps (the benchmark seeds this way)', async () => {
      const { user } = await registerUser(server);
      await recordAt('2030-03-10T11:05:00.000Z', user.userId, 'success', 3, 120, 'key-a');
      await recordAt('2030-03-10T11:55:00.000Z', user.userId, 'success', 1, 80, 'key-a');
      await recordAt('2030-03-10T11:56:00.000Z', user.userId, 'error', 2, 10);
      await recordAt('2030-03-08T02:00:00.000Z', user.userId, 'throttled', 5);
      const snapshot = () =>
        server.app.db
          .selectFrom('usage_rollups')
          .selectAll()
          .orderBy('user_id')
          .orderBy('bucket_start')
          .orderBy('api_key_id')
          .orderBy('outcome')
          .execute();
      const kept = await snapshot();
      expect(kept.filter((row) => row.user_id === user.userId).map((row) => [row.api_key_id, Number(row.requests), Number(row.images), Number(row.processing_ms)])).toEqual([
        ['', 1, 5, 0],
        ['', 1, 2, 10],
        ['key-a', 2, 4, 200],
      ]);
      await metering.usage.rebuildRollups();
      expect(await snapshot()).toEqual(kept);
    });

    it('answers 400 for an unknown range and 401 without a caller or with a bad key', async () => {
      const { token } = await registerUser(server);
      const bad = await server.request('GET', '/api/v1/usage?range=1y', { token });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
      expect((await server.request('GET', '/api/v1/usage')).status).toBe(401);
      expect((await server.request('GET', '/api/v1/usage', { apiKey: `ak_live_${'x'.repeat(40)}` })).status).toBe(401);
    });
  });
}
