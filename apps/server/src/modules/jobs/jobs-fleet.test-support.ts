// The fleet of the issue-20 suites (jobs-heal, jobs-redis-restart): an API server that runs no jobs
// (WORKERS=none) and two `npm run worker` processes on one PostgreSQL schema of their own, every
// database connection through a TCP proxy the test can cut. And the dispatch modes those suites and
// jobs-workers run in.
import { createHash, randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { expect } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTcpProxy } from '@altwise/test-support/tcp-proxy';
import { call, startServerProcess, startWorkerProcess } from '../../../test/support/server-process';
import { TEST_REDIS_URL } from '../../../test/support/redis';
import { createPostgresSchema, DATABASES } from '../../../test/support/test-server';
import type { Database } from '../../db/schema';
import { distinctPng } from '../alt-text/alt-text.test-support';

/** The fleet's MODEL_CONCURRENCY. */
export const MODEL_CONCURRENCY = 3;

/** The two ways jobs reach the workers, and how many model calls may be in flight at once in each. */
export const MODES = [
  // Each process keeps its own MODEL_CONCURRENCY: two workers, twice the limit at most.
  { name: 'in-process dispatch', redis: false, maxModelCalls: 2 * MODEL_CONCURRENCY },
  // One queue-wide limit in Redis, whatever the number of workers.
  { name: 'BullMQ dispatch', redis: true, maxModelCalls: MODEL_CONCURRENCY },
];

/**
 * Whether a mode's suites run here: worker processes share one database, which needs PostgreSQL
 * (TEST_DATABASE_URL), and the BullMQ mode needs a Redis (TEST_REDIS_URL). CI's PostgreSQL pass sets
 * both; elsewhere these suites are reported as skipped.
 */
export const runs = (mode: (typeof MODES)[number]) => DATABASES.includes('postgres') && (!mode.redis || Boolean(TEST_REDIS_URL));

/** The staleness window of the fleets below (heartbeats every 400 ms): short, so the suite is quick. */
export const DEAD_AFTER_MS = 2_000;

/** How many model calls each image got (the fake model sees the image's bytes). */
export function callsPerImage(vision: FakeVisionServer): Map<string, number> {
  const calls = new Map<string, number>();
  for (const request of vision.requests) {
    const digest = createHash('sha256').update(request.images[0]?.bytes ?? Buffer.alloc(0)).digest('hex');
    calls.set(digest, (calls.get(digest) ?? 0) + 1);
  }
  return calls;
}

/** A fleet (API with WORKERS=none and two workers) whose every database connection goes through a proxy. */
export async function startFleet(options: { redisUrl: string | null; prefix: string; env?: Record<string, string> }) {
  const schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
  // The test's own view goes straight to PostgreSQL: it reads the job while the fleet is cut off.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 2 }) }) });
  const direct = new URL(schema.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(schema.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const host = await startImageHost();
  const vision = await startFakeVisionServer({ latencyMs: 100 });
  const env = {
    DATABASE_URL: proxied.toString(),
    APP_SECRET: randomUUID() + randomUUID(),
    ALT_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: vision.url,
    OPENAI_API_KEY: 'test',
    IMAGE_FETCH_ALLOW: host.hostPort,
    MODEL_CONCURRENCY: String(MODEL_CONCURRENCY),
    INSTANCE_DEAD_AFTER_MS: String(DEAD_AFTER_MS),
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DATABASE_STATEMENT_TIMEOUT_MS: '2000',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: options.prefix } : {}),
    ...options.env,
  };
  const api = await startServerProcess({ ...env, WORKERS: 'none' });
  const workers = [await startWorkerProcess(env), await startWorkerProcess(env)];
  let images = 0;
  return {
    db,
    proxy,
    vision,
    api,
    workers,
    /** A Pro account with a job of `count` distinct images; resolves with its ids. */
    async startJob(count: number): Promise<{ id: string; userId: string }> {
      const registered = await call(api.url, 'POST', '/api/auth/register', {
        body: { firstName: 'Grace', lastName: 'Hopper', email: `heal-${randomUUID().slice(0, 8)}@example.com`, password: 'Correct-Horse-9' },
      });
      const userId = registered.body.user.userId as string;
      await db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
      const urls: string[] = [];
      for (let i = 0; i < count; i += 1) {
        images += 1;
        host.set(`/h-${images}.png`, { body: await distinctPng(16), contentType: 'image/png' });
        urls.push(`${host.url}/h-${images}.png`);
      }
      const created = await call(api.url, 'POST', '/api/v1/jobs', { token: registered.body.token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      expect(created.status).toBe(202);
      return { id: created.body.id as string, userId };
    },
    /** One more `npm run worker` on the same settings (killed with the fleet). */
    async addWorker(): Promise<void> {
      workers.push(await startWorkerProcess(env));
    },
    /** Items of the job by status, read directly. */
    async counts(jobId: string): Promise<Record<string, number>> {
      const rows = await db.selectFrom('job_items').select(['status', sql<number>`count(*)`.as('n')]).where('job_id', '=', jobId).groupBy('status').execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    },
    async jobStatus(jobId: string): Promise<string | undefined> {
      return (await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst())?.status;
    },
    /** Quota charged, successful units in the usage log, open reservations. */
    async ledger(userId: string) {
      const [quota, events, reservations] = await Promise.all([
        db.selectFrom('quota_counters').select(sql<number>`coalesce(sum(used), 0)`.as('used')).where('user_id', '=', userId).where('window', '=', 'day').executeTakeFirst(),
        db.selectFrom('usage_events').select(sql<number>`coalesce(sum(images), 0)`.as('images')).where('user_id', '=', userId).where('outcome', '=', 'success').executeTakeFirst(),
        db.selectFrom('quota_reservations').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirst(),
      ]);
      return { charged: Number(quota?.used), succeeded: Number(events?.images), open: Number(reservations?.n) };
    },
    async close(): Promise<void> {
      for (const worker of workers) worker.kill('SIGKILL');
      api.kill('SIGKILL');
      await Promise.all([...workers.map((worker) => worker.exited), api.exited]);
      await db.destroy();
      await proxy.close();
      await host.close();
      await vision.close();
      await schema.drop();
    },
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;
