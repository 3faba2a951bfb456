import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { TestClock } from './usage.test-support';
import { createTestClock } from './usage.test-support';
import { summarise, weekStartOf } from './weekly-report';

// Weekly usage reports with the server's clock in the suite's hand. 2030-01-14 is a Monday.
const LAST_WEEK = Date.parse('2030-01-07T00:00:00.000Z');

for (const database of DATABASES) {
  describe(`weekly usage reports (${database})`, () => {
    let server: TestServer;
    let clock: TestClock;
    beforeAll(async () => {
      clock = createTestClock('2030-01-13T23:00:00.000Z');
      server = await startTestServer(database, {}, { now: () => clock.now });
    });
    afterAll(() => server.close());

    const reports = (userId: string) =>
      server.app.db.selectFrom('mail_outbox').select(['subject', 'created_at']).where('user_id', '=', userId).where('kind', '=', 'weekly-usage-report').execute();
    const rollup = (userId: string, outcome: string, requests: number, at: number) =>
      server.app.db.insertInto('usage_rollups').values({ user_id: userId, bucket_start: at, api_key_id: '', outcome, requests, images: requests, processing_ms: 0 }).execute();

    it('knows Monday 00:00 UTC as the start of a week', () => {
      expect(weekStartOf(Date.parse('2030-01-13T23:59:59.999Z'))).toBe(LAST_WEEK);
      expect(weekStartOf(Date.parse('2030-01-14T00:00:00.000Z'))).toBe(Date.parse('2030-01-14T00:00:00.000Z'));
    });

    it('sums the week: requests, success rate and the three most frequent errors', () => {
      expect(
        summarise([
          { outcome: 'success', requests: 90 },
          { outcome: 'throttled', requests: 6 },
          { outcome: 'invalid_image', requests: 2 },
          { outcome: 'fetch_failed', requests: 1 },
          { outcome: 'timeout', requests: 1 },
        ]),
      ).toEqual({
        requests: 100,
        successRate: 90,
        topErrors: [
          { outcome: 'throttled', requests: 6 },
          { outcome: 'invalid_image', requests: 2 },
          { outcome: 'fetch_failed', requests: 1 },
        ],
      });
      expect(summarise([])).toEqual({ requests: 0, successRate: null, topErrors: [] });
    });

    it("mails each account last week's figures once per week, whatever runs again", async () => {
      const { user } = await registerVerifiedUser(server);
      const { user: quiet, token: quietToken } = await registerVerifiedUser(server);
      const { user: muted, token: mutedToken } = await registerVerifiedUser(server);
      expect((await server.request('PUT', '/api/v1/settings', { token: quietToken, body: { api: { usageReports: false } } })).status).toBe(200);
      expect((await server.request('PUT', '/api/v1/settings', { token: mutedToken, body: { notifications: { email: false } } })).status).toBe(200);
      await rollup(user.userId, 'success', 90, LAST_WEEK + 3_600_000);
      await rollup(user.userId, 'throttled', 8, LAST_WEEK + 7_200_000);
      await rollup(user.userId, 'invalid_image', 2, LAST_WEEK + 7_200_000);

      // Sunday night: the week is not over, nothing goes.
      await server.app.weeklyReports.sendDue();
      expect(await reports(user.userId)).toEqual([]);

      clock.set('2030-01-14T01:00:00.000Z');
      // Two runs at once (two instances on a Monday) and one more later that week (a restart).
      await Promise.all([server.app.weeklyReports.sendDue(), server.app.weeklyReports.sendDue()]);
      clock.set('2030-01-17T12:00:00.000Z');
      await server.app.weeklyReports.sendDue();
      const sent = await reports(user.userId);
      expect(sent.map((mail) => mail.subject)).toEqual(['Your Altwise usage for the week of 2030-01-07']);
      expect(await reports(quiet.userId)).toEqual([]);
      expect(await reports(muted.userId)).toEqual([]);

      // The next Monday: the next week's report, once.
      clock.set('2030-01-21T00:30:00.000Z');
      await server.app.weeklyReports.sendDue();
      await server.app.weeklyReports.sendDue();
      expect((await reports(user.userId)).map((mail) => mail.subject).sort()).toEqual([
        'Your Altwise usage for the week of 2030-01-07',
        'Your Altwise usage for the week of 2030-01-14',
      ]);
    });
  });
}
