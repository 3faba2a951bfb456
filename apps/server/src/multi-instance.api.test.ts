// Two (and three) real server processes on one PostgreSQL database, tried as an operator would:
// a burst split across instances, kill -9 mid-batch, connections terminated by PostgreSQL, a
// stalled database, revocations. Runs when TEST_DATABASE_URL is set (CI does).
import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { startTcpProxy } from '@altwise/test-support/tcp-proxy';
import type { ServerProcess } from '../test/support/server-process';
import { call, startServerProcess, until } from '../test/support/server-process';
import { clearOfHourStart, createPostgresSchema, DATABASES } from '../test/support/test-server';
import type { Database } from './db/schema';

const runs = DATABASES.includes('postgres');

// PostgreSQL only: several instances share one PostgreSQL (docs/operations.md "Running several instances");
// CI's PostgreSQL pass runs it.
describe.runIf(runs)('several instances on one PostgreSQL database', () => {
  let schema: { url: string; drop: () => Promise<void> };
  let db: Kysely<Database>;
  let host: ImageHost;
  let vision: FakeVisionServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const processes: ServerProcess[] = [];
  const secret = randomUUID() + randomUUID();
  // The instances' connections are told apart by name, and from any other run's on the same server.
  const run = randomUUID().slice(0, 8);

  const urlFor = (name: string, base = schema.url) => {
    const url = new URL(base);
    url.searchParams.set('application_name', `altwise-${name}-${run}`);
    return url.toString();
  };
  const envFor = (name: string, extra: Record<string, string> = {}) => ({
    DATABASE_URL: urlFor(name),
    APP_SECRET: secret,
    ALT_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: vision.url,
    OPENAI_API_KEY: 'test',
    IMAGE_FETCH_ALLOW: host.hostPort,
    ...extra,
  });
  const start = async (name: string, extra: Record<string, string> = {}) => {
    const server = await startServerProcess(envFor(name, extra));
    processes.push(server);
    return server;
  };

  let images = 0;
  async function hostImage(): Promise<string> {
    const index = (images += 1);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: index % 256, g: (index * 7) % 256, b: 99 } } })
      .png()
      .toBuffer();
    host.set(`/img-${index}.png`, { body: png, contentType: 'image/png' });
    return `${host.url}/img-${index}.png`;
  }

  async function register(server: ServerProcess) {
    const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(server.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Grace', lastName: 'Hopper', email, password: 'Correct-Horse-9' },
    });
    expect(response.status).toBe(201);
    return { userId: response.body.user.userId as string, token: response.body.token as string };
  }

  /** quota units charged now = successful units in usage events = history rows; no open reservation. */
  // One snapshot: read on separate connections, a release (refund and delete in one transaction)
  // committing between the reads showed the reservations gone and their units still charged.
  async function ledger(userId: string) {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const quota = await trx.selectFrom('quota_counters').select(sql<number>`coalesce(sum(used), 0)`.as('used')).where('user_id', '=', userId).where('window', '=', 'day').executeTakeFirst();
        const events = await trx.selectFrom('usage_events').select(sql<number>`coalesce(sum(images), 0)`.as('images')).where('user_id', '=', userId).where('outcome', '=', 'success').executeTakeFirst();
        const history = await trx.selectFrom('generations').select(sql<number>`count(*)`.as('rows')).where('user_id', '=', userId).executeTakeFirst();
        const reservations = await trx.selectFrom('quota_reservations').select(sql<number>`count(*)`.as('open')).where('user_id', '=', userId).executeTakeFirst();
        return { charged: Number(quota?.used), succeeded: Number(events?.images), history: Number(history?.rows), open: Number(reservations?.open) };
      });
  }

  beforeAll(async () => {
    schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 3 }) }) });
    host = await startImageHost();
    vision = await startFakeVisionServer();
    a = await start('a');
    b = await start('b');
  });

  afterAll(async () => {
    for (const server of processes) server.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    await db?.destroy();
    await vision?.close();
    await host?.close();
    await schema?.drop();
  });

  it('admits exactly 100 of 150 concurrent requests of a 100/h account split across two instances, and both report the same usage', async () => {
    // These servers run on the real clock: a burst across an hour's start would meet two windows.
    await clearOfHourStart(30_000);
    const { token, userId } = await register(a);
    const imageUrl = await hostImage();
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) => call(index % 2 ? b.url : a.url, 'POST', '/api/v1/images', { token, body: { imageUrl } })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(50);
    const [onA, onB] = await Promise.all([a, b].map((server) => call(server.url, 'GET', '/api/v1/usage?range=24h', { token })));
    expect(onA.body.currentUsage.hour.used).toBe(100);
    expect(onB.body.currentUsage).toEqual(onA.body.currentUsage);
    expect(await ledger(userId)).toEqual({ charged: 100, succeeded: 100, history: 100, open: 0 });
  });

  it('keeps quota, usage events and history in agreement after kill -9 mid-batch, and a retry with the same Idempotency-Key is not charged twice', async () => {
    const { token, userId } = await register(a);
    await db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
    const imageUrls = await Promise.all(Array.from({ length: 50 }, () => hostImage()));
    const idempotencyKey = randomUUID();
    vision.setLatency(2_000);
    try {
      const killed = call(a.url, 'POST', '/api/v1/images/batch', { token, body: { imageUrls }, headers: { 'idempotency-key': idempotencyKey } }).catch(
        (error: unknown) => error,
      );
      // Killed once the first images are charged: each of the others takes the model 2 s, so the batch
      // is still in flight (no fixed sleep that assumes it).
      await until('the first images of the batch to be charged', async () => (await ledger(userId)).succeeded > 0, 60_000, 50);
      a.kill('SIGKILL');
      const outcome = await killed;
      expect(outcome, JSON.stringify(outcome).slice(0, 600)).toBeInstanceOf(Error);
      await a.exited;
      a = await a.restart();
      processes.push(a);

      // Reconciliation (on B, or on A's successor) releases what the dead process had reserved.
      const afterCrash = await until('the dead instance reservations to be released', async () => {
        const now = await ledger(userId);
        return now.open === 0 && now;
      });
      expect(afterCrash.succeeded).toBeGreaterThan(0);
      expect(afterCrash.succeeded).toBeLessThan(50);
      expect(afterCrash.charged).toBe(afterCrash.succeeded);
      expect(afterCrash.history).toBe(afterCrash.succeeded);

      const retry = await call(b.url, 'POST', '/api/v1/images/batch', { token, body: { imageUrls }, headers: { 'idempotency-key': idempotencyKey } });
      expect(retry.status).toBe(200);
      expect(retry.body.summary).toEqual({ total: 50, succeeded: 50, failed: 0 });
      expect(await ledger(userId)).toEqual({ charged: 50, succeeded: 50, history: 50, open: 0 });

      // Once completed, the same key answers the stored response and charges nothing more.
      const replay = await call(a.url, 'POST', '/api/v1/images/batch', { token, body: { imageUrls }, headers: { 'idempotency-key': idempotencyKey } });
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(retry.body);
      expect((await ledger(userId)).charged).toBe(50);
    } finally {
      vision.setLatency(0);
    }
  }, 90_000);

  it('keeps serving when PostgreSQL terminates every idle connection of an instance', async () => {
    const { token } = await register(a);
    const imageUrl = await hostImage();
    expect((await call(a.url, 'POST', '/api/v1/images', { token, body: { imageUrl } })).status).toBe(200);
    const lost = () => a.output().split('lost a database connection').length - 1;
    const lostBefore = lost();
    // The revocation listener's connection goes too (it reconnects on its own and says so differently).
    const terminated = await sql<{ terminated: boolean; listener: boolean }>`
      select pg_terminate_backend(pid) as terminated, query like 'LISTEN %' as listener from pg_stat_activity
      where application_name = ${`altwise-a-${run}`} and state = 'idle' and pid <> pg_backend_pid()`.execute(db);
    const pooled = terminated.rows.filter((row) => !row.listener).length;
    expect(pooled).toBeGreaterThan(0);
    expect(terminated.rows.every((row) => row.terminated)).toBe(true);
    // pg_terminate_backend only signals, and the instance reads each connection's FATAL when its
    // event loop comes to it: a request sent after the first notice met a pooled connection whose
    // FATAL was still unread, and failed its query (503). The instance tells of every lost pool
    // connection once, after which the pool has dropped it; the request goes once all are told.
    await until('the instance to notice every lost connection', () => lost() >= lostBefore + pooled, 10_000, 20);
    const after = await call(a.url, 'POST', '/api/v1/images', { token, body: { imageUrl } });
    expect(after.status).toBe(200);
    expect((await call(a.url, 'GET', '/readyz')).status).toBe(200);
    // Once each: a connection told of twice would let the wait above pass before the pool dropped them all.
    expect(lost() - lostBefore).toBe(pooled);
    expect(a.output()).not.toContain('Unhandled');
  });

  // How long the answers take against a stalled database is not asserted here: the test's own
  // timeout guards against a hang.
  it('answers 503 database_unavailable when the database stalls, readiness says 503, and nothing is charged', async () => {
    const base = new URL(schema.url);
    const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    const proxied = new URL(urlFor('c'));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const c = await startServerProcess(
      envFor('c', { DATABASE_URL: proxied.toString(), DATABASE_STATEMENT_TIMEOUT_MS: '1000', DATABASE_CONNECT_TIMEOUT_MS: '1000' }),
    );
    processes.push(c);
    try {
      const { token, userId } = await register(c);
      const imageUrl = await hostImage();
      // Past the session-version cache (1 s), so the stalled database is on the request's path.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      proxy.stall();

      const ready = await call(c.url, 'GET', '/readyz');
      expect(ready.status).toBe(503);

      const answer = await call(c.url, 'POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('database_unavailable');

      proxy.heal();
      await until('readiness after the database heals', async () => (await call(c.url, 'GET', '/readyz')).status === 200);
      const settled = await until('no open reservation', async () => {
        const now = await ledger(userId);
        return now.open === 0 && now;
      });
      expect(settled).toEqual({ charged: 0, succeeded: 0, history: 0, open: 0 });
    } finally {
      c.kill('SIGKILL');
      await c.exited;
      await proxy.close();
    }
  }, 180_000);

  // How soon the other instance refuses (within a second, by its session-version cache) is a bench
  // row (bench/revocation.bench.ts); the waits here only guard against a hang.
  it('stops a key revoked on one instance, and access tokens after a logout-all, on the other', async () => {
    const { token } = await register(a);
    const created = await call(a.url, 'POST', '/api/v1/api-keys', { token, body: {} });
    expect(created.status).toBe(201);
    const apiKey = created.body.apiKey as string;
    const check = (server: ServerProcess, auth: { apiKey?: string; token?: string }) =>
      call(server.url, 'POST', '/api/v1/alt-text/check', { ...auth, body: { altText: 'A red bicycle leaning on a wall' } });
    expect((await check(b, { apiKey })).status).toBe(200);

    expect((await call(a.url, 'DELETE', `/api/v1/api-keys/${created.body.id}`, { token })).status).toBeLessThan(300);
    await until('B to refuse the revoked key', async () => (await check(b, { apiKey })).status === 401, 10_000, 20);

    expect((await call(b.url, 'GET', '/api/auth/profile', { token })).status).toBe(200);
    expect((await call(a.url, 'POST', '/api/auth/logout-all', { token })).status).toBeLessThan(300);
    await until('B to refuse the old access token', async () => (await call(b.url, 'GET', '/api/auth/profile', { token })).status === 401, 10_000, 20);
    // And it can no longer create keys anywhere.
    expect((await call(b.url, 'POST', '/api/v1/api-keys', { token, body: {} })).status).toBe(401);
  });
});
