// Issue 32 row 2: a folder of 10,000 files (what docs/bulk-jobs.md allows) goes up through
// `altwise job create` in one upload, though the whole of it takes longer than REQUEST_TIMEOUT_MS
// (1 s here): the server gives an admitted upload the time its declared size needs (the SDK sends
// Content-Length). Tiny files (1 KB, a PNG signature and distinct bytes) keep the run short; no model
// runs (WORKERS=none), the job is only created.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '@altwise/server/alt-text-test-support';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';

const BIN = path.resolve(import.meta.dirname, '../bin/altwise.mjs');
const FILES = 10_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('altwise job create, 10,000 files', () => {
  let server: TestServer;
  let env: Record<string, string>;
  let token: string;
  let work: string;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { WORKERS: 'none', REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
    const user = await registerUser(server);
    token = user.token;
    await setPlan(server, user.user.userId as string, 'pro');
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: { name: 'CLI test' } })).body.apiKey as string;
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-job-create-large-'));
    const folder = path.join(work, 'photos');
    for (let dir = 0; dir < 10; dir += 1) fs.mkdirSync(path.join(folder, `d${dir}`), { recursive: true });
    for (let index = 0; index < FILES; index += 1) {
      const body = Buffer.alloc(1024, index % 251);
      PNG_SIGNATURE.copy(body);
      body.writeUInt32BE(index, 8);
      fs.writeFileSync(path.join(folder, `d${index % 10}`, `${index}.png`), body);
    }
  }, 60_000);
  afterAll(async () => {
    fs.rmSync(work, { recursive: true, force: true });
    await server.close();
  });

  it('uploads every file in one request, with progress, and the job holds them all', async () => {
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'job', 'create', 'photos'], { cwd: work, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Found 10,000 images (9.8 MB)');
    expect(run.stderr).toContain('Uploading: 10,000/10,000 files, 9.8 MB of 9.8 MB');
    const id = run.stdout.trim();
    const job = await server.request('GET', `/api/v1/jobs/${id}`, { token });
    expect(job.body).toMatchObject({ total: FILES, counts: { pending: FILES }, distinctImages: FILES });
    const stored = await server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(FILES);
  }, 120_000);
});
