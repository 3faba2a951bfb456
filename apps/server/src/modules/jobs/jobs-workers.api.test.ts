// An API server that runs no jobs (WORKERS=none) and two `npm run worker` processes on one
// PostgreSQL; one worker is killed with kill -9 in the middle of a job. Twice: with the in-process
// dispatcher (each worker leases from the database), and through BullMQ (REDIS_URL; then the model
// limit holds across both workers). The same fleet cut off from its database: jobs-heal.api.test.ts;
// a Redis restarted empty: jobs-redis-restart.api.test.ts. (Apart, so they run on different workers.)
// Runs when TEST_DATABASE_URL is set, the BullMQ passes when TEST_REDIS_URL is set too (CI sets both).
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { ServerProcess, WorkerProcess } from '../../../test/support/server-process';
import { call, startServerProcess, startWorkerProcess, until } from '../../../test/support/server-process';
import { dropRedisPrefix, redisTestPrefix, TEST_REDIS_URL } from '../../../test/support/redis';
import { createPostgresSchema } from '../../../test/support/test-server';
import type { Database } from '../../db/schema';
import { distinctPng } from '../alt-text/alt-text.test-support';
import { MODEL_CONCURRENCY, MODES, runs } from './jobs-fleet.test-support';

for (const mode of MODES) {
  const redisUrl = mode.redis ? TEST_REDIS_URL : null;
  // Skipped without PostgreSQL, or without a Redis in the BullMQ mode (see `runs`).
  describe.runIf(runs(mode))(
    `bulk jobs across worker processes (PostgreSQL, ${mode.name})`,
    () => {
      const prefix = redisTestPrefix();
      let schema: { url: string; drop: () => Promise<void> };
      let db: Kysely<Database>;
      let host: ImageHost;
      let vision: FakeVisionServer;
      let api: ServerProcess;
      const workers: WorkerProcess[] = [];
      let addWorker: () => Promise<void>;
      const secret = randomUUID() + randomUUID();

      beforeAll(async () => {
        schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
        db = new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }),
        });
        host = await startImageHost();
        vision = await startFakeVisionServer({ latencyMs: 100 });
        const env = {
          DATABASE_URL: schema.url,
          APP_SECRET: secret,
          ALT_PROVIDER: 'openai-compatible',
          OPENAI_BASE_URL: vision.url,
          OPENAI_API_KEY: 'test',
          IMAGE_FETCH_ALLOW: host.hostPort,
          MODEL_CONCURRENCY: String(MODEL_CONCURRENCY),
          ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: prefix } : {}),
        };
        api = await startServerProcess({ ...env, WORKERS: 'none' });
        // The worker to be killed; the test starts the survivor once the first holds items.
        workers.push(await startWorkerProcess(env));
        addWorker = async () => void workers.push(await startWorkerProcess(env));
      }, 90_000);

      afterAll(async () => {
        for (const worker of workers) worker.kill('SIGKILL');
        api?.kill('SIGKILL');
        await Promise.all([...workers.map((worker) => worker.exited), api?.exited]);
        await db?.destroy();
        await host?.close();
        await vision?.close();
        await schema?.drop();
        if (redisUrl) expect(await dropRedisPrefix(redisUrl, prefix)).toBe(0);
      });

      it('finishes a job after kill -9 of one worker: every item once, charged once, no open reservation', async () => {
        const email = `jobs-${randomUUID().slice(0, 8)}@example.com`;
        const registered = await call(api.url, 'POST', '/api/auth/register', {
          body: { firstName: 'Grace', lastName: 'Hopper', email, password: 'Correct-Horse-9' },
        });
        const { token } = registered.body;
        const userId = registered.body.user.userId as string;
        await db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
        const urls: string[] = [];
        for (let i = 0; i < 60; i += 1) {
          host.set(`/w-${i}.png`, { body: await distinctPng(16), contentType: 'image/png' });
          urls.push(`${host.url}/w-${i}.png`);
        }
        const created = await call(api.url, 'POST', '/api/v1/jobs', {
          token,
          body: { items: urls.map((imageUrl) => ({ imageUrl })) },
        });
        expect(created.status).toBe(202);
        const id = created.body.id as string;
        const job = async () => (await call(api.url, 'GET', `/api/v1/jobs/${id}`, { token })).body;

        // In the middle of the job, with the doomed worker's model calls held unanswered: it holds
        // items when it dies, whatever the machine's speed (no race between the two workers' starts).
        await until('a fifth of the job done', async () => (await job()).counts.succeeded >= 12, 60_000, 20);
        vision.hold();
        const heldFrom = vision.calls;
        await until('the doomed worker holding items at the model', async () => {
          if (vision.calls <= heldFrom) return false;
          const leased = await db.selectFrom('job_items').select('lease_owner').where('job_id', '=', id).where('lease_owner', 'is not', null).executeTakeFirst();
          return Boolean(leased);
        }, 30_000, 20);
        await addWorker();
        workers[0]!.kill('SIGKILL');
        await workers[0]!.exited;
        vision.release();

        let finished;
        for (let deadline = Date.now() + 90_000; (finished = await job()).status !== 'completed';) {
          if (Date.now() > deadline) throw new Error(`job still ${JSON.stringify(finished)}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(finished.counts).toEqual({ total: 60, succeeded: 60, failed: 0, pending: 0, cancelled: 0, skipped: 0 });
        expect(vision.maxConcurrent).toBeLessThanOrEqual(mode.maxModelCalls);
        // Every result is there, once.
        const results = await call(api.url, 'GET', `/api/v1/jobs/${id}/results?limit=100`, { token });
        expect(results.body.items).toHaveLength(60);
        expect(new Set(results.body.items.map((item: { id: string }) => item.id)).size).toBe(60);
        for (const item of results.body.items)
          expect(item).toMatchObject({
            status: 'succeeded',
            result: { altText: expect.stringMatching(/^Fake/) },
          });
        const [quota, events] = await Promise.all([
          db
            .selectFrom('quota_counters')
            .select(sql<number>`coalesce(sum(used), 0)`.as('used'))
            .where('user_id', '=', userId)
            .where('window', '=', 'day')
            .executeTakeFirst(),
          db
            .selectFrom('usage_events')
            .select(sql<number>`coalesce(sum(images), 0)`.as('images'))
            .where('user_id', '=', userId)
            .where('outcome', '=', 'success')
            .executeTakeFirst(),
        ]);
        expect(Number(events?.images)).toBe(60);
        // The dead worker's admitted-but-unsettled units are released by reconciliation, within seconds.
        for (let deadline = Date.now() + 30_000; ;) {
          const open = await db
            .selectFrom('quota_reservations')
            .select(sql<number>`count(*)`.as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirst();
          const used = await db
            .selectFrom('quota_counters')
            .select(sql<number>`coalesce(sum(used), 0)`.as('used'))
            .where('user_id', '=', userId)
            .where('window', '=', 'day')
            .executeTakeFirst();
          if (Number(open?.n) === 0 && Number(used?.used) === 60) break;
          if (Date.now() > deadline)
            throw new Error(`open reservations ${open?.n}, charged ${used?.used} (was ${quota?.used})`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }, 240_000);
    },
  );
}
