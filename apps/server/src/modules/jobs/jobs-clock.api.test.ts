// Jobs against a controlled clock: the quota window that runs out and resets, and retry backoff.
// "Not before its time" is checked without a fixed sleep: another account's one-item job is queued,
// and once it reaches the model, a dispatch pass that began after that point has claimed every item
// it could (one claim takes every takeable item, in fair order), so an item that was not claimed
// (its lease token unchanged) was not takeable.
import { randomUUID } from 'node:crypto';
import { jobResultsResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/server-process';
import { DATABASES } from '../../../test/support/test-server';
import type { TestClock } from '../usage/usage.test-support';
import { createTestClock, meteringFor } from '../usage/usage.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { jobEvents, startJobsEnv } from './jobs.test-support';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const database of DATABASES) {
  describe(`bulk jobs on a controlled clock (${database})`, () => {
    let env: JobsTestEnv;
    let clock: TestClock;
    beforeAll(async () => {
      clock = createTestClock('2026-03-02T10:30:00.000Z');
      env = await startJobsEnv(database, { now: () => clock.now });
    });
    afterAll(() => env.close());

    const quota = (userId: string) => meteringFor(env.server, () => clock.now).quota.status(userId);
    /** Each item's lease token: every claim of the item increments it. */
    const leaseTokens = async (jobId: string) =>
      (await env.server.app.db.selectFrom('job_items').select('lease_token').where('job_id', '=', jobId).orderBy('idx').execute()).map((row) => Number(row.lease_token));
    /** Resolves once a dispatch pass that began after the call has claimed all it could (see the top). */
    async function aDispatchPassLater(): Promise<void> {
      const other = await env.proUser();
      const [imageUrl] = await env.hostImages(1);
      const marker = `dispatch-pass-${randomUUID()}`;
      expect((await env.server.request('POST', '/api/v1/jobs', { token: other.token, body: { items: [{ imageUrl, context: marker }] } })).status).toBe(202);
      await until('a later job to reach the model', () => env.vision.requests.some((request) => request.rawBody.includes(marker)), 30_000, 10);
    }

    it('waits when the hourly quota runs out (running, waitingForQuotaUntil) and resumes in the next window', async () => {
      const { token, userId } = await env.proUser();
      // 1,997 of the Pro plan's 2,000 this hour are used: three items fit, two wait.
      await meteringFor(env.server, () => clock.now).quota.admit(userId, 1997);
      const urls = await env.hostImages(5);
      const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      const waiting = await env.waitFor(token, body.id, (job) => job.waitingForQuotaUntil !== null && job.counts.succeeded === 3);
      expect(waiting).toMatchObject({ status: 'running', waitingForQuotaUntil: '2026-03-02T11:00:00.000Z', counts: { succeeded: 3, pending: 2, failed: 0 } });
      const tokens = await leaseTokens(body.id);
      await aDispatchPassLater();
      expect(await leaseTokens(body.id)).toEqual(tokens);
      expect((await env.waitFor(token, body.id, () => true)).counts.succeeded).toBe(3);
      expect((await quota(userId)).hour.used).toBe(2000);

      clock.set('2026-03-02T11:00:01.000Z');
      const { body: login } = await env.server.request('POST', '/api/auth/login', { body: await credentialsOf(userId) });
      const done = await env.waitFor(login.token, body.id);
      expect(done).toMatchObject({ status: 'completed', waitingForQuotaUntil: null, counts: { succeeded: 5, pending: 0 } });
      expect((await quota(userId)).hour.used).toBe(2);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 5, error: 0 });
    });

    it('tries an item three times with backoff when the provider keeps failing, then fails it refunded', async () => {
      const { token, userId } = await env.proUser();
      const [url] = await env.hostImages(1);
      env.vision.failAlways(500);
      try {
        const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
        const attempts = async () => jobResultsResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${body.id}/results`, { token })).body).items[0]!;
        for (const [tries, wait] of [[1, 1_000], [2, 4_000]] as const) {
          for (let deadline = Date.now() + 10_000; (await attempts()).attempts < tries; ) {
            if (Date.now() > deadline) throw new Error(`no attempt ${tries}`);
            await pause(50);
          }
          // Not retried before its backoff is over.
          const tokens = await leaseTokens(body.id);
          await aDispatchPassLater();
          expect(await leaseTokens(body.id)).toEqual(tokens);
          expect((await attempts()).attempts).toBe(tries);
          clock.advance(wait);
        }
        const job = await env.waitFor(token, body.id);
        expect(job).toMatchObject({ status: 'failed', counts: { failed: 1, succeeded: 0 } });
        expect(await attempts()).toMatchObject({ status: 'failed', attempts: 3, error: { code: 'provider_error' } });
        expect((await quota(userId)).day.used).toBe(0);
        expect(await jobEvents(env.server, userId)).toEqual({ success: 0, error: 3 });
      } finally {
        env.vision.reset();
      }
    });

    async function credentialsOf(userId: string) {
      const row = await env.server.app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
      return { email: row.email, password: 'Correct-Horse-9' };
    }
  });
}
