// `npm run worker` as an operator runs it: beside an API server that runs no jobs (WORKERS=none),
// on the same database (SQLite here: one file, two processes), with no HTTP of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { ServerProcess, WorkerProcess } from '../test/support/server-process';
import { call, startServerProcess, startWorkerProcess, until } from '../test/support/server-process';
import { distinctPng } from './modules/alt-text/alt-text.test-support';

/** TCP sockets in LISTEN state that process `pid` holds open (Linux: its fds against /proc/net). */
function listeningSocketsOf(pid: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed between the listing and the read.
    }
  }
  let listening = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns[3] === '0A' && inodes.has(columns[9]!)) listening += 1;
    }
  }
  return listening;
}

// Linux only: the no-listener check reads the worker's sockets from /proc; CI runs on Linux.
describe.runIf(process.platform === 'linux')('the worker process', () => {
  let dataDir: string;
  let host: ImageHost;
  let api: ServerProcess;
  let worker: WorkerProcess;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-worker-api-'));
    host = await startImageHost();
    host.set('/photo.png', { body: await distinctPng(16), contentType: 'image/png' });
    const env = { ALT_PROVIDER: 'offline', IMAGE_FETCH_ALLOW: host.hostPort, DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '10000' };
    api = await startServerProcess({ ...env, WORKERS: 'none' }, { dataDir });
    worker = await startWorkerProcess(env);
  }, 60_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    api?.kill('SIGKILL');
    await Promise.all([worker?.exited, api?.exited]);
    await host?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('works through a job the API server left to it, listens on no port, and exits 0 on SIGTERM', async () => {
    // The helper sees a listener where there is one: this test process's image host.
    expect(listeningSocketsOf(process.pid)).toBeGreaterThan(0);
    expect(listeningSocketsOf(worker.pid)).toBe(0);

    const registered = await call(api.url, 'POST', '/api/auth/register', {
      body: { firstName: 'Grace', lastName: 'Hopper', email: `worker-${Date.now()}@example.com`, password: 'Correct-Horse-9' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    // Bulk jobs need a paid plan; the database file is the one both processes share.
    const sqlite = new SQLite(path.join(dataDir, 'altwise.db'));
    sqlite.prepare("update users set plan = 'pro' where id = ?").run(registered.body.user.userId);
    sqlite.close();
    // Until the API server's cached plan (a second or so) has expired.
    const created = await until('the job to be accepted', async () => {
      const answer = await call(api.url, 'POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: `${host.url}/photo.png` }] } });
      return answer.status === 202 && answer;
    });
    let last: unknown;
    const finished = await until(
      'the worker to finish the job',
      async () => {
        const job = (await call(api.url, 'GET', `/api/v1/jobs/${created.body.id}`, { token })).body;
        last = job;
        return job.status === 'completed' && job;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(last)}\nworker: ${worker.output()}`);
    });
    expect(finished.counts).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect(listeningSocketsOf(worker.pid)).toBe(0);

    worker.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).not.toMatch(/fatal|shutdown failed|could not release/i);
  }, 60_000);
});
