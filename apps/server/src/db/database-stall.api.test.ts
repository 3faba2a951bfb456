// A stalled database under load (issue 20 row 4): every request sent during the stall is answered,
// 503 database_unavailable or 200, those queued for a pool connection included. The bound
// docs/operations.md ("Health") promises, DATABASE_STATEMENT_TIMEOUT_MS + 2 s, is one deadline shared
// by every wait, proven without timing the machine by query-deadline.test.ts and keyed-groups.test.ts.
// A real server process with a pool of 2 behind a TCP proxy that stalls; PostgreSQL only (TEST_DATABASE_URL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TcpProxy } from '@altwise/test-support/tcp-proxy';
import { startTcpProxy } from '@altwise/test-support/tcp-proxy';
import type { ServerProcess } from '../../test/support/server-process';
import { call, startServerProcess, until } from '../../test/support/server-process';
import { createPostgresSchema, DATABASES } from '../../test/support/test-server';

const STATEMENT_TIMEOUT_MS = 1_000;
/** The bound of docs/operations.md ("Health"): the statement timeout plus 2 s. */
const BOUND_MS = STATEMENT_TIMEOUT_MS + 2_000;
/**
 * A guard against a request that hangs, not the bound itself: every wait of a request shares one
 * deadline (query-deadline.test.ts and keyed-groups.test.ts prove that without timing the machine),
 * but what this client measures includes its own 200 connections' lag on a busy machine (4.4 s seen
 * in CI). The slowest answer is printed.
 */
const HANG_GUARD_MS = 10 * BOUND_MS;
const CLIENTS = 200;

// PostgreSQL only: the stall is a TCP proxy in front of a network database (SQLite runs in process);
// CI's PostgreSQL pass runs it.
describe.runIf(DATABASES.includes('postgres'))('a stalled database under load (PostgreSQL)', () => {
  let schema: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let server: ServerProcess;

  beforeAll(async () => {
    schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    const direct = new URL(schema.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(schema.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServerProcess({
      DATABASE_URL: proxied.toString(),
      APP_SECRET: randomUUID() + randomUUID(),
      // A small pool, so requests queue for a connection as they do under real load.
      DATABASE_POOL_SIZE: '2',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: '2500',
    });
  }, 60_000);

  afterAll(async () => {
    server?.kill('SIGKILL');
    await server?.exited;
    await proxy?.close();
    await schema?.drop();
  });

  it(`answers every request during a stall, those queued for a pool connection included (503 database_unavailable or 200)`, async () => {
    const registered = await call(server.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: `stall-${randomUUID().slice(0, 8)}@example.com`, password: 'Correct-Horse-9' },
    });
    const { token } = registered.body;
    const answers: Array<{ client: number; ms: number; status: number; code?: string; duringStall: boolean }> = [];
    let stalled = false;
    let running = true;
    // Clients asking one after another, far more than the pool: most requests wait for a connection.
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      while (running) {
        const duringStall = stalled;
        const started = Date.now();
        const answer = await call(server.url, 'GET', '/api/v1/jobs?limit=1', { token });
        answers.push({ client, ms: Date.now() - started, status: answer.status, code: answer.body?.error?.code, duringStall: duringStall || stalled });
      }
    });
    await until('the pool under load', () => answers.length >= 400, 30_000, 20);
    proxy.stall();
    stalled = true;
    // The stall lasts until every client has had a 503 for a request it sent during the stall (no
    // fixed sleep that assumes how soon): all but the pool's two were queued for a connection then.
    const refusedClients = () => new Set(answers.filter((answer) => answer.duringStall && answer.status === 503).map((answer) => answer.client)).size;
    await until('a 503 for every client during the stall', () => refusedClients() === CLIENTS, HANG_GUARD_MS, 20);
    running = false;
    proxy.heal();
    await Promise.all(clients);

    const stallAnswers = answers.filter((answer) => answer.duringStall);
    for (const answer of stallAnswers) {
      if (answer.status !== 200) expect(answer).toMatchObject({ status: 503, code: 'database_unavailable' });
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    console.log(`[issue 20] ${answers.length} requests, ${stallAnswers.length} during the stall; slowest answer ${slowest} ms (bound ${BOUND_MS} ms)`);
    expect(slowest).toBeLessThanOrEqual(HANG_GUARD_MS);
    await until('readiness after the database heals', async () => (await call(server.url, 'GET', '/readyz')).status === 200);
  }, 60_000);
});
