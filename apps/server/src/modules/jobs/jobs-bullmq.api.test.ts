// Bulk jobs dispatched through BullMQ (REDIS_URL) in one server process: a duplicate or stale
// message never charges an item twice, and MODEL_RPM holds. Needs TEST_REDIS_URL (CI sets it);
// skipped, saying so, without. The multi-process proof is jobs-bullmq-workers.api.test.ts.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, redisTestPrefix, TEST_REDIS_URL } from '../../../test/support/redis';
import { until } from '../../../test/support/server-process';
import { DATABASES } from '../../../test/support/test-server';
import { ITEMS_QUEUE } from './bullmq-dispatcher';
import type { JobsTestEnv } from './jobs.test-support';
import { jobEvents, startJobsEnv } from './jobs.test-support';
import { unitsCharged } from '../usage/usage.test-support';

async function drained(queue: Queue): Promise<boolean> {
  const counts = await queue.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children');
  return Object.values(counts).every((count) => count === 0);
}

{
  const redisUrl = TEST_REDIS_URL ?? '';
  for (const database of DATABASES) {
    // Skipped without a Redis to run BullMQ on (TEST_REDIS_URL, e.g. redis://127.0.0.1:6379); CI sets it.
    describe.skipIf(!TEST_REDIS_URL)(`bulk jobs on BullMQ (${database})`, () => {
      const prefix = redisTestPrefix();
      let env: JobsTestEnv;
      let queue: Queue;
      let connection: Redis;

      beforeAll(async () => {
        env = await startJobsEnv(database, { env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, MODEL_CONCURRENCY: '4' } });
        connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
        queue = new Queue(ITEMS_QUEUE, { connection, prefix });
      }, 60_000);

      afterAll(async () => {
        await queue?.close();
        connection?.disconnect();
        await env?.close();
        // The suite's keys are gone once the server has stopped.
        expect(await dropRedisPrefix(redisUrl, prefix)).toBe(0);
      });

      it('charges every item once when its messages are delivered twice, during the job and after it', async () => {
        const { token, userId } = await env.proUser();
        const urls = await env.hostImages(12);
        const calls = env.vision.calls;
        env.vision.setLatency(30);
        try {
          const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
          expect(created.status).toBe(202);
          const id = created.body.id as string;
          const indexes = (await env.server.app.db.selectFrom('job_items').select('idx').where('job_id', '=', id).execute()).map((row) => row.idx);
          expect(indexes).toHaveLength(12);
          // Duplicates under other ids (BullMQ would take a same-id one as the same message).
          const duplicate = (tag: string) => queue.addBulk(indexes.map((idx) => ({ name: 'item', data: { jobId: id, idx }, opts: { jobId: `${tag}_${id}_${idx}`, removeOnComplete: true } })));
          await duplicate('during');
          const job = await env.waitFor(token, id, undefined, 60_000);
          expect(job).toMatchObject({ status: 'completed', counts: { total: 12, succeeded: 12, failed: 0, pending: 0, cancelled: 0 } });
          await duplicate('after');
          await until('the queue to drain', () => drained(queue));

          expect(env.vision.calls - calls).toBe(12);
          expect(await unitsCharged(env.server, userId)).toBe(12);
          expect(await jobEvents(env.server, userId)).toEqual({ success: 12, error: 0 });
          const results = await env.server.request('GET', `/api/v1/jobs/${id}/results?limit=50`, { token });
          expect(results.body.items).toHaveLength(12);
          for (const item of results.body.items) expect(item).toMatchObject({ status: 'succeeded', attempts: 1, result: { altText: expect.stringMatching(/^Fake/) } });
          // The model calls stayed within the queue-wide MODEL_CONCURRENCY.
          expect(env.vision.maxConcurrent).toBeLessThanOrEqual(4);
        } finally {
          env.vision.reset();
        }
      }, 90_000);
    });
  }

  describe('bulk jobs on BullMQ with MODEL_RPM', () => {
    const prefix = redisTestPrefix();
    let env: JobsTestEnv;
    let queue: Queue;
    let connection: Redis;

    beforeAll(async () => {
      // A window of an hour instead of a minute: still open when the test looks, on however loaded a
      // machine (a minute once ran out before five items had finished at a load of 20).
      env = await startJobsEnv(DATABASES[0]!, { env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, MODEL_RPM: '5' }, modelRateWindowMs: 3_600_000 });
      connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      queue = new Queue(ITEMS_QUEUE, { connection, prefix });
    }, 60_000);

    afterAll(async () => {
      await queue?.close();
      connection?.disconnect();
      await env?.close();
      expect(await dropRedisPrefix(redisUrl, prefix)).toBe(0);
    });

    it('admits no more than MODEL_RPM items in its window, the rest wait in the queue', async () => {
      const { token } = await env.proUser();
      const urls = await env.hostImages(8);
      const calls = env.vision.calls;
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      const id = created.body.id as string;
      await env.waitFor(token, id, (job) => job.counts.succeeded >= 5);
      // No fixed sleep for "nothing more is taken": BullMQ's queue-wide limiter is at its 5 (it holds
      // for the rest of its window) before and after the counts are read, so nothing could be taken
      // in between, and the counts say nothing was before.
      expect(await queue.getRateLimitTtl(5)).toBeGreaterThan(0);
      const job = (await env.server.request('GET', `/api/v1/jobs/${id}`, { token })).body;
      const modelCalls = env.vision.calls - calls;
      expect(await queue.getRateLimitTtl(5)).toBeGreaterThan(0);
      expect(job).toMatchObject({ status: 'running', counts: { succeeded: 5, pending: 3 } });
      expect(modelCalls).toBe(5);
      expect((await env.server.request('POST', `/api/v1/jobs/${id}/cancel`, { token })).status).toBe(200);
    }, 60_000);
  });
}
