// Issue 32 row 2: a folder of 10,000 files (what docs/bulk-jobs.md allows) goes up through
// `altwise job create`, and through the SDK's single streamed request, though either takes longer than
// REQUEST_TIMEOUT_MS (1 s here): the CLI sends the folder in pieces under a resumable session, and a
// single upload gets the time its declared size needs (the SDK sends Content-Length). An interrupted
// folder upload is resumed: files the server stored are not sent again. Tiny files (1 KB, a PNG
// signature and distinct bytes) keep the run short; no model runs (WORKERS=none), jobs are only created.
import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Altwise } from '@altwise/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan } from '@altwise/server/alt-text-test-support';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { scanFolder } from '../src/job-files';
import { uploadSession } from '../src/upload-state';
import { ALTWISE_BIN } from './run-altwise';

const FILES = 10_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('altwise job create, 10,000 files', () => {
  let server: TestServer;
  let env: Record<string, string>;
  let token: string;
  let work: string;
  let apiKey: string;
  const cacheHome = process.env.XDG_CACHE_HOME;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { WORKERS: 'none', REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '1000' });
    const user = await registerUser(server);
    token = user.token;
    await setPlan(server, user.user.userId as string, 'pro');
    apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: { name: 'CLI test' } })).body.apiKey as string;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-job-create-large-'));
    // The CLI keeps an upload's session in the cache directory until its job exists; this process
    // (which saves a session below) and the CLI's must use the same one. Restored after the file.
    process.env.XDG_CACHE_HOME = path.join(work, 'cache');
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
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
    if (cacheHome === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = cacheHome;
    fs.rmSync(work, { recursive: true, force: true });
    await server.close();
  });

  const altwise = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [ALTWISE_BIN, ...args], { cwd: work, env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  const storedFiles = async (jobId: string) =>
    Number((await server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll<number>().as('n')).where('job_id', '=', jobId).executeTakeFirstOrThrow()).n);

  it('the CLI uploads every file, in pieces, with progress, and the job holds them all', async () => {
    const run = await altwise(['job', 'create', 'photos']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Found 10,000 images (9.8 MB)');
    expect(run.stderr).toContain('Uploading: 10,000/10,000 files, 9.8 MB of 9.8 MB');
    const id = run.stdout.trim();
    const job = await server.request('GET', `/api/v1/jobs/${id}`, { token });
    expect(job.body).toMatchObject({ total: FILES, counts: { pending: FILES }, distinctImages: FILES });
    expect(await storedFiles(id)).toBe(FILES);
    // Nothing left to resume.
    expect(fs.readdirSync(path.join(work, 'cache', 'altwise', 'uploads'))).toEqual([]);
  }, 120_000);

  it('the SDK sends them in one request, given the time its declared size needs (a 408 at 1 s before)', async () => {
    const client = new Altwise({ apiKey, baseUrl: server.url });
    const files = scanFolder(path.join(work, 'photos')).files.map(({ path: relative, file }) => ({ path: relative, file }));
    const job = await client.jobs.createFromFiles(files);
    expect(job.total).toBe(FILES);
    expect(await storedFiles(job.id)).toBe(FILES);
  }, 120_000);

  it('resumes an interrupted folder upload: the files stored already are not sent again', async () => {
    const folder = path.join(work, 'resumed');
    fs.mkdirSync(folder);
    for (let index = 0; index < 20; index += 1) {
      const body = Buffer.alloc(256, index);
      PNG_SIGNATURE.copy(body);
      fs.writeFileSync(path.join(folder, `p${String(index).padStart(2, '0')}.png`), body);
    }
    // The CLI talks to the server through a proxy that counts the files the pieces carry.
    let filesSent = 0;
    const proxy = http.createServer((request, response) => {
      const target = new URL(request.url ?? '/', server.url);
      const forward = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      const body: Buffer[] = [];
      request.on('data', (chunk: Buffer) => body.push(chunk));
      request.on('end', () => (filesSent += Buffer.concat(body).toString('latin1').split('filename="').length - 1));
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
    // As an upload cut after its first 12 files leaves it: the session saved, 12 files stored. The
    // first was stored with other bytes than the folder's now, so its job item shows which was kept.
    const scan = scanFolder(folder).files;
    const saved = uploadSession(folder, proxyUrl, scan);
    saved.save();
    const earlier = Buffer.concat([PNG_SIGNATURE, Buffer.from('stored before the interruption')]);
    const form = new FormData();
    form.append('first', '0');
    scan.slice(0, 12).forEach((file, index) => form.append('files', new Blob([index === 0 ? earlier : fs.readFileSync(file.file)]), file.path));
    const piece = await fetch(`${server.url}/api/v1/jobs/uploads/${saved.session}/files`, { method: 'POST', body: form, headers: { 'x-api-key': apiKey } });
    expect(await piece.json()).toEqual({ received: 12, rowErrors: [] });

    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [ALTWISE_BIN, 'job', 'create', 'resumed'], { cwd: work, env: { ...env, ALTWISE_URL: proxyUrl } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    await new Promise((resolve) => proxy.close(resolve));
    expect(run.code, run.stderr).toBe(0);
    expect(filesSent).toBe(8);
    expect(run.stderr).toContain('Resuming an interrupted upload: 12 of 20 files are stored already');
    const id = run.stdout.trim();
    expect((await server.request('GET', `/api/v1/jobs/${id}`, { token })).body).toMatchObject({ total: 20 });
    const first = await server.app.db.selectFrom('job_files').select(['path', 'sha256']).where('job_id', '=', id).orderBy('idx').executeTakeFirstOrThrow();
    expect(first).toEqual({ path: 'p00.png', sha256: createHash('sha256').update(earlier).digest('hex') });
    expect(await storedFiles(id)).toBe(20);
    // Another account naming the same session reaches none of these files.
    const other = await registerUser(server);
    await setPlan(server, other.user.userId as string, 'pro');
    expect((await server.request('GET', `/api/v1/jobs/uploads/${saved.session}`, { token: other.token })).body).toEqual({ stored: [] });
  }, 120_000);
});
