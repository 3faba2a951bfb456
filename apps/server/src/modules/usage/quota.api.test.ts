import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { QuotaDecision } from './quota-decision';
import { quotaExceededError } from './quota-decision';
import type { TestClock } from './usage.test-support';
import { createTestClock, meteringFor } from './usage.test-support';

const refused = (decision: QuotaDecision) => {
  if (decision.admitted) throw new Error('expected a refusal');
  return decision;
};

for (const database of DATABASES) {
  describe(`quota admission (${database})`, () => {
    let server: TestServer;
    let clock: TestClock;
    let metering: ReturnType<typeof meteringFor>;
    beforeAll(async () => {
      clock = createTestClock('2030-01-15T10:20:00.000Z');
      server = await startTestServer(database, {}, { now: () => clock.now });
      metering = meteringFor(server, () => clock.now);
    });
    afterAll(() => server.close());

    const counters = (userId: string) =>
      server.app.db
        .selectFrom('quota_counters')
        .select(['window', 'window_start', 'used'])
        .where('user_id', '=', userId)
        .orderBy('window_start')
        .orderBy('window')
        .execute();

    it('admits exactly 100 of 150 concurrent admissions on a fresh free account', async () => {
      const { user } = await registerUser(server);
      const decisions = await Promise.all(Array.from({ length: 150 }, () => metering.quota.admit(user.userId, 1)));
      expect(decisions.filter((d) => d.admitted)).toHaveLength(100);
      expect(decisions.filter((d) => !d.admitted)).toHaveLength(50);
      const rows = await counters(user.userId);
      expect(rows.map((row) => [row.window, Number(row.used)])).toEqual([
        ['day', 100],
        ['hour', 100],
      ]);
      // Every admitted decision saw a distinct count: no two admissions took the same unit.
      const remaining = decisions.filter((d) => d.admitted).map((d) => d.hour.remaining);
      expect(new Set(remaining).size).toBe(100);
    });

    it('admits concurrent requests of mixed sizes up to the limit, and refuses only what no longer fits', async () => {
      const { user } = await registerUser(server);
      const sizes = [30, 1, 30, 7, 30, 30, 5, 2, 30, 1];
      const decisions = await Promise.all(sizes.map((units) => metering.quota.admit(user.userId, units)));
      const admitted = sizes.filter((_, index) => decisions[index]!.admitted).reduce((sum, units) => sum + units, 0);
      expect(admitted).toBeLessThanOrEqual(100);
      const status = await metering.quota.status(user.userId);
      expect([status.hour.used, status.day.used]).toEqual([admitted, admitted]);
      // Whatever was refused could not fit in what is left now.
      const refusedSizes = sizes.filter((_, index) => !decisions[index]!.admitted);
      expect(refusedSizes.length).toBeGreaterThan(0);
      for (const units of refusedSizes) expect(units).toBeGreaterThan(100 - admitted);
    });

    it('undoes the hour charge when the day is full, under concurrency', async () => {
      const { user } = await registerUser(server);
      clock.set('2030-05-01T01:00:00.000Z');
      for (let hour = 0; hour < 4; hour += 1) {
        await metering.quota.admit(user.userId, 100);
        clock.advance(3_600_000);
      }
      await metering.quota.admit(user.userId, 50);
      clock.advance(3_600_000);
      // 06:00: the day holds 450 of 500, the new hour is empty.
      const decisions = await Promise.all(Array.from({ length: 150 }, () => metering.quota.admit(user.userId, 1)));
      expect(decisions.filter((d) => d.admitted)).toHaveLength(50);
      const status = await metering.quota.status(user.userId);
      expect([status.hour.used, status.day.used]).toEqual([50, 500]);
      expect(decisions.find((d) => !d.admitted)).toMatchObject({ window: 'day' });
      clock.set('2030-01-15T10:20:00.000Z');
    });

    it('refuses the 101st with the hourly wording and Retry-After to the top of the hour', async () => {
      const { user } = await registerUser(server);
      for (let i = 0; i < 10; i += 1) await metering.quota.admit(user.userId, 10);
      const decision = refused(await metering.quota.admit(user.userId, 1));
      expect(decision.window).toBe('hour');
      expect(decision.hour).toEqual({ limit: 100, remaining: 0, resetAt: Date.parse('2030-01-15T11:00:00.000Z') });
      expect(decision.retryAfterSeconds).toBe(40 * 60);
      const error = quotaExceededError(decision);
      expect(error.statusCode).toBe(429);
      expect(error.toJSON().error).toMatchObject({ code: 'quota_exceeded', message: 'Hourly limit of 100 requests reached' });
      expect(error.headers).toEqual({
        'retry-after': '2400',
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Date.parse('2030-01-15T11:00:00.000Z') / 1000),
      });
    });

    it('refuses a batch whole when it does not fit, charging nothing', async () => {
      const { user } = await registerUser(server);
      expect((await metering.quota.admit(user.userId, 95)).admitted).toBe(true);
      const decision = refused(await metering.quota.admit(user.userId, 10));
      expect(decision.hour.remaining).toBe(5);
      expect((await counters(user.userId)).map((row) => Number(row.used))).toEqual([95, 95]);
      expect((await metering.quota.admit(user.userId, 5)).admitted).toBe(true);
    });

    it('refuses more units than a whole window holds on a fresh account, creating nothing', async () => {
      const { user } = await registerUser(server);
      const decision = refused(await metering.quota.admit(user.userId, 101));
      expect(decision).toMatchObject({ window: 'hour', hour: { remaining: 100 } });
      expect(await counters(user.userId)).toEqual([]);
      expect((await metering.quota.admit(user.userId, 100)).admitted).toBe(true);
    });

    it('counts the UTC day across hours and refuses with the daily wording until midnight', async () => {
      const { user } = await registerUser(server);
      clock.set('2030-02-01T00:30:00.000Z');
      for (let hour = 0; hour < 5; hour += 1) {
        expect((await metering.quota.admit(user.userId, 100)).admitted).toBe(true);
        clock.advance(3_600_000);
      }
      // 05:30: the hour is empty but the day holds 500 of 500.
      const decision = refused(await metering.quota.admit(user.userId, 1));
      expect(decision.window).toBe('day');
      expect(decision.hour.remaining).toBe(100);
      expect(decision.retryAfterSeconds).toBe((24 - 5.5) * 3600);
      expect(quotaExceededError(decision).message).toBe('Daily limit of 500 requests reached');
      clock.set('2030-02-02T00:00:00.000Z');
      expect((await metering.quota.admit(user.userId, 1)).admitted).toBe(true);
      clock.set('2030-01-15T10:20:00.000Z');
    });

    it('refunds into the windows of the admission, never below zero', async () => {
      const { user } = await registerUser(server);
      clock.set('2030-03-01T09:59:00.000Z');
      const first = await metering.quota.admit(user.userId, 5);
      if (!first.admitted) throw new Error('expected admission');
      clock.set('2030-03-01T10:01:00.000Z');
      await metering.quota.admit(user.userId, 2);
      await metering.quota.refund(user.userId, 3, first.at);
      let status = await metering.quota.status(user.userId);
      expect([status.hour.used, status.day.used]).toEqual([2, 4]);
      await metering.quota.refund(user.userId, 50, first.at);
      status = await metering.quota.status(user.userId);
      expect([status.hour.used, status.day.used]).toEqual([2, 0]);
      const nineOClock = (await counters(user.userId)).find((row) => row.window === 'hour' && Number(row.window_start) === Date.parse('2030-03-01T09:00:00.000Z'));
      expect(Number(nineOClock?.used)).toBe(0);
      clock.set('2030-01-15T10:20:00.000Z');
    });

    it('reads the plan at admission: an upgrade raises the limit at once', async () => {
      const { user, token } = await registerUser(server);
      expect((await metering.quota.admit(user.userId, 100)).admitted).toBe(true);
      expect((await metering.quota.admit(user.userId, 1)).admitted).toBe(false);
      const upgrade = await server.request('POST', '/api/user/subscription', {
        token,
        body: { planId: 'pro', paymentMethodId: 'pm_test_visa' },
      });
      expect(upgrade.status).toBe(201);
      const decision = await metering.quota.admit(user.userId, 1);
      expect(decision).toMatchObject({ admitted: true, hour: { limit: 2000, remaining: 1899 }, day: { limit: 25000 } });
    });

    it('keeps only recent windows: the retention sweep deletes the counters of windows that began before yesterday', async () => {
      const { user } = await registerUser(server);
      for (const at of ['2030-04-01T08:00:00.000Z', '2030-04-02T23:00:00.000Z', '2030-04-03T00:00:00.000Z', '2030-04-04T08:00:00.000Z']) {
        clock.set(at);
        await metering.quota.admit(user.userId, 1);
      }
      expect(await counters(user.userId)).toHaveLength(8);
      expect(await server.app.lifecycle.sweep()).toBe(true);
      const starts = (await counters(user.userId)).map((row) => new Date(Number(row.window_start)).toISOString());
      // Yesterday's hour and day stay for refunds across midnight.
      expect(starts).toEqual(['2030-04-03T00:00:00.000Z', '2030-04-03T00:00:00.000Z', '2030-04-04T00:00:00.000Z', '2030-04-04T08:00:00.000Z']);
      clock.set('2030-01-15T10:20:00.000Z');
    });
  });
}
