// One server process on SQLite, killed as an operator might: kill -9 under concurrent requests,
// and SIGTERM with work that cannot finish before the drain deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { ServerProcess } from '../test/support/server-process';
import { call, startServerProcess, until } from '../test/support/server-process';
import { DATABASES } from '../test/support/test-server';


// SQLite only: its single-instance crash and drain; the same on PostgreSQL, with two instances, is
// multi-instance.api.test.ts, which the PostgreSQL pass runs.
describe.runIf(DATABASES.includes('sqlite'))('crash recovery on SQLite (one instance)', () => {
  let host: ImageHost;
  let vision: FakeVisionServer;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    host = await startImageHost();
    vision = await startFakeVisionServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-crash-'));
  });
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
    await vision.close();
    await host.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess(
      { ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test', IMAGE_FETCH_ALLOW: host.hostPort, ...extra },
      { dataDir },
    );
    servers.push(server);
    return server;
  };

  let images = 0;
  async function hostImage(): Promise<string> {
    const index = (images += 1);
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: index, g: 200 - index, b: 7 } } }).png().toBuffer();
    host.set(`/c-${index}.png`, { body: png, contentType: 'image/png' });
    return `${host.url}/c-${index}.png`;
  }

  /** Read straight from the file, as an auditor would. */
  function ledger(userId: string) {
    const file = new SQLite(path.join(dataDir, 'altwise.db'), { readonly: true });
    try {
      const one = (query: string) => Number(Object.values(file.prepare(query).get(userId) as object)[0] ?? 0);
      return {
        charged: one(`select coalesce(sum(used), 0) from quota_counters where user_id = ? and window = 'day'`),
        succeeded: one(`select coalesce(sum(images), 0) from usage_events where user_id = ? and outcome = 'success'`),
        history: one(`select count(*) from generations where user_id = ?`),
        open: one(`select count(*) from quota_reservations where user_id = ?`),
      };
    } finally {
      file.close();
    }
  }

  async function register(server: ServerProcess) {
    const response = await call(server.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: `crash-${Date.now()}-${images}@example.com`, password: 'Correct-Horse-9' },
    });
    expect(response.status).toBe(201);
    return { userId: response.body.user.userId as string, token: response.body.token as string };
  }

  it('after kill -9 under 20 concurrent requests and a restart, counters equal the successful units recorded', async () => {
    let server = await start();
    const { userId, token } = await register(server);
    const urls = await Promise.all(Array.from({ length: 20 }, () => hostImage()));
    // Half answer at once (described and cached first), half are still at the model when the process dies.
    const warm = urls.slice(0, 10);
    await Promise.all(warm.map((imageUrl) => call(server.url, 'POST', '/api/v1/images', { token, body: { imageUrl } })));
    vision.setLatency(3_000);
    const inFlight = urls.map((imageUrl) => call(server.url, 'POST', '/api/v1/images', { token, body: { imageUrl } }).catch(() => null));
    await until('the slow requests to reach the model', () => vision.calls >= 20, 10_000);
    server.kill('SIGKILL');
    const answered = (await Promise.all(inFlight)).filter((answer) => answer?.status === 200).length;
    await server.exited;
    vision.setLatency(0);

    server = await server.restart();
    servers.push(server);
    const after = await until('reconciliation after the restart', () => {
      const now = ledger(userId);
      return now.open === 0 && now;
    });
    // 10 warm-up units plus the cached answers that made it out before the kill.
    expect(after.succeeded).toBe(10 + answered);
    expect(after.charged).toBe(after.succeeded);
    expect(after.history).toBe(after.succeeded);
    server.kill('SIGKILL');
    await server.exited;
  }, 60_000);

  it('on SIGTERM turns readiness to 503 first, then releases work still running at the drain deadline and exits', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_MS: '2000' });
    const { userId, token } = await register(server);
    const imageUrl = await hostImage();
    vision.stall();
    try {
      const stuck = call(server.url, 'POST', '/api/v1/images', { token, body: { imageUrl } }).catch(() => null);
      await until('the request to reach the model', () => vision.calls > 0 && ledger(userId).open === 1, 10_000);
      server.kill('SIGTERM');
      const ready = await until('readiness to turn', async () => {
        const answer = await call(server.url, 'GET', '/readyz');
        return answer.status !== 200 && answer;
      }, 10_000, 20);
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('draining');
      // The model never answers: without the drain deadline the process would never exit (this
      // test's timeout is the guard), and the log names the deadline.
      expect(await server.exited).toBe(0);
      expect((await stuck)?.status ?? 0).not.toBe(200);
      // Released as if killed: nothing charged for an answer that never came.
      expect(ledger(userId)).toEqual({ charged: 0, succeeded: 0, history: 0, open: 0 });
      expect(server.output()).toContain('drain deadline passed');
    } finally {
      vision.reset();
    }
  }, 120_000);
});
