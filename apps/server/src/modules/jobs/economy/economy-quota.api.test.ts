// Economy jobs against the account's quota (issue 31 row 2): a Pro account with 5 units left this
// hour creates two 20-image economy jobs, one on each of two instances of the app on one database.
// The provider (the loopback batch fake) must never hold more of the account's work than its quota
// can pay for, across both jobs, both instances and live requests: a batch reserves its units with
// the live path's admission; a cancelled job's units come back; the answers are charged once.
import type { FastifyInstance } from 'fastify';
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { DATABASES } from '../../../../test/support/test-server';
import { meteringFor } from '../../usage/usage.test-support';
import type { JobsTestEnv } from '../jobs.test-support';
import { jobEvents, startJobsEnv } from '../jobs.test-support';

// Both instances' clock: real time from the middle of an hour, so no window resets mid-test.
const START = Date.parse('2026-03-02T10:30:00Z');
const started = Date.now();
const now = () => START + (Date.now() - started);

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

for (const database of DATABASES) {
  describe(`economy jobs never send the provider more than the quota has left (${database})`, () => {
    let env: JobsTestEnv;
    let batchApi: FakeBatchApi;
    let second: FastifyInstance;
    let secondUrl: string;

    beforeAll(async () => {
      batchApi = await startFakeBatchApi();
      const provider = { ALT_PROVIDER: 'openai', OPENAI_BASE_URL: batchApi.openaiUrl, OPENAI_API_KEY: 'test', ECONOMY_POLL_MS: '50' };
      env = await startJobsEnv(database, { env: provider, now });
      // The second instance: the same database (SQLite file or PostgreSQL schema), its own coordinator.
      second = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: env.server.dataDir,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: `${env.server.dataDir}/no-web`,
          BILLING_PROVIDER: 'test',
          IMAGE_FETCH_ALLOW: env.host.hostPort,
          ...(env.server.databaseUrl ? { DATABASE_URL: env.server.databaseUrl } : {}),
          ...provider,
        }),
        { now },
      );
      await second.listen({ port: 0, host: '127.0.0.1' });
      const address = second.server.address();
      secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      await second?.close();
      await env?.close();
      await batchApi?.close();
    });
    // The contract with the provider: nothing sent in this test is what the provider would refuse.
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));

    const sent = () => batchApi.batches.reduce((sum, batch) => sum + batch.requests.length, 0);
    const openBatchOf = async (jobId: string) =>
      env.server.app.db.selectFrom('job_batches').select(['id', 'status']).where('job_id', '=', jobId).where('status', 'in', ['submitting', 'in_progress']).execute();

    /** The account's reservations: units charged and not yet settled, and which batch holds them. */
    const reservationsOf = async (userId: string) =>
      env.server.app.db.selectFrom('quota_reservations').select(['id', 'units', 'held_by', 'instance_id']).where('user_id', '=', userId).execute();
    /** Requests the provider holds that may still be answered (a cancelled batch's never are). */
    const answerable = () => batchApi.batches.filter((batch) => !batch.cancelled).reduce((sum, batch) => sum + batch.requests.length, 0);

    it('two 20-image jobs on two instances with 5 units left: the batch reserves its 5 (no live request, job or instance gets them); a cancel gives them back; 5 charged once', async () => {
      const { token, userId } = await env.proUser();
      const quota = meteringFor(env.server, now).quota;
      const { hour } = await quota.status(userId);
      await quota.admit(userId, hour.limit - 5);
      expect((await quota.status(userId)).hour.remaining).toBe(5);
      const apiKey = (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;

      batchApi.hold();
      const body = async () => JSON.stringify({ mode: 'economy', items: (await env.hostImages(20)).map((imageUrl) => ({ imageUrl })) });
      const [one, two] = await Promise.all(
        [env.server.url, secondUrl].map(async (base) => {
          const response = await fetch(`${base}/api/v1/jobs`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: await body() });
          expect(response.status).toBe(202);
          return ((await response.json()) as { id: string }).id;
        }),
      );

      // The first provider batch goes out with the 5 units the quota has, and holds them: charged
      // (the quota reads 0 left) in one reservation the batch holds.
      await batchApi.waitForSubmissions(1);
      expect(batchApi.batches[0]!.requests).toHaveLength(5);
      const holder = (await openBatchOf(one!)).length > 0 ? one! : two!;
      const other = holder === one ? two! : one!;
      const [held] = await openBatchOf(holder);
      expect((await quota.status(userId)).hour.remaining).toBe(0);
      expect(await reservationsOf(userId)).toEqual([expect.objectContaining({ units: 5, held_by: held!.id })]);
      // The same admission as a live request's: a live request finds no room while the batch is out.
      const live = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: (await env.hostImages(1))[0] } });
      expect(live.status).toBe(429);

      // Reconciliation releases a dead instance's reservations and an instance's own untracked
      // leftovers, but never the one a batch holds (the batch is still at the provider): neither
      // as the reservation of either live instance nor as that of a dead one.
      const { db } = env.server.app;
      const instances = (await db.selectFrom('instances').select('id').execute()).map((row) => row.id);
      for (const instance of [...instances, 'a-dead-instance']) {
        await db.updateTable('quota_reservations').set({ instance_id: instance }).where('held_by', '=', held!.id).execute();
        await env.server.app.lifecycle.reconcile();
        await second.lifecycle.reconcile();
        expect(await reservationsOf(userId)).toEqual([expect.objectContaining({ units: 5, held_by: held!.id })]);
      }
      expect((await quota.status(userId)).hour.remaining).toBe(0);

      // While those 5 are out, no other batch opens. Proven by count: the held batch is looked at
      // again and again (each look is a coordinator's pass, which opens batches first) and the
      // provider still has 5.
      const looked = batchApi.looks;
      await until(async () => batchApi.looks >= looked + 10, 'the coordinators to poll the held batch');
      expect(batchApi.submissions).toBe(1);
      expect(sent()).toBe(5);
      expect(await openBatchOf(other)).toHaveLength(0);

      // Cancelling the job holding the units gives them back: the other job's batch reserves them.
      const cancelled = await env.server.request('POST', `/api/v1/jobs/${holder}/cancel`, { token });
      expect(cancelled.status).toBe(200);
      await batchApi.waitForSubmissions(2);
      await until(async () => batchApi.batches[0]!.cancelled, 'the cancelled provider batch');
      expect(batchApi.batches[1]!.requests).toHaveLength(5);
      expect(answerable()).toBe(5);
      const [next] = await openBatchOf(other);
      expect(await reservationsOf(userId)).toEqual([expect.objectContaining({ units: 5, held_by: next!.id })]);
      expect((await quota.status(userId)).hour.remaining).toBe(0);

      // Answered and recorded: 5 charged, once (the reservation settled, nothing charged again);
      // the rest of the job waits for the hour.
      batchApi.release();
      await env.waitFor(token, other, (job) => job.counts.succeeded === 5);
      await until(async () => {
        const row = await env.server.app.db.selectFrom('jobs').select('waiting_until').where('id', '=', other).executeTakeFirst();
        return row?.waiting_until !== null && row?.waiting_until !== undefined && (await openBatchOf(other)).length === 0;
      }, 'the batch recorded and the job waiting for the quota');
      expect(batchApi.submissions).toBe(2);
      expect(sent()).toBe(10);
      expect(answerable()).toBe(5);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 5, error: 0 });
      const after = await quota.status(userId);
      expect(after.hour.used).toBe(after.hour.limit);
      expect(await reservationsOf(userId)).toEqual([]);
    }, 90_000);
  });
}
