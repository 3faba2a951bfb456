import { connect } from 'node:net';
import { JOB_FORBIDDEN_MESSAGE } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

// Jobs from uploaded files (issue 23): POST /api/v1/jobs with image `files` parts named by their
// relative paths. Images at most 64 KB here, so the size cap is cheap to reach.
const MAX_IMAGE_BYTES = 64 * 1024;

function folder(files: Array<[string, Buffer]>, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [path, bytes] of files) form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), path);
  return form;
}

for (const database of DATABASES) {
  describe(`jobs from uploaded files (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { IMAGE_MAX_BYTES: String(MAX_IMAGE_BYTES) } });
    });
    afterAll(() => env.close());

    const storedFiles = async () => Number((await env.server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const unclaimed = async () => Number((await env.server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll().as('n')).where('job_id', 'is', null).executeTakeFirstOrThrow()).n);

    it('a folder of images becomes a job: paths kept, non-images and hostile names refused per file, the rest described', async () => {
      const { token } = await env.proUser();
      const red = await distinctPng(16);
      const blue = await distinctPng(16);
      const form = folder([
        ['products/shoes/red.png', red],
        ['products\\shoes\\blue.png', blue],
        ['products/notes.txt', Buffer.from('not an image')],
        ['../../etc/passwd.png', await distinctPng(16)],
        ['/absolute/x.png', await distinctPng(16)],
        ['products/shoes/red-copy.png', red],
      ]);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.total).toBe(3);
      expect(response.body.rowErrors).toEqual([
        { row: 3, reason: 'products/notes.txt: not an image (JPEG, PNG, GIF, WebP or AVIF)' },
        { row: 4, reason: 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)' },
        { row: 5, reason: 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)' },
      ]);
      const job = await env.waitFor(token, response.body.id);
      expect(job.status).toBe('completed');
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token });
      expect(results.body.items.map((item: { path: string; imageUrl: string | null; status: string }) => [item.path, item.imageUrl, item.status])).toEqual([
        ['products/shoes/red.png', null, 'succeeded'],
        ['products/shoes/blue.png', null, 'succeeded'],
        ['products/shoes/red-copy.png', null, 'succeeded'],
      ]);
      // The export names each file by its path.
      const csv = await env.server.request('GET', `/api/v1/jobs/${job.id}/results.csv`, { token });
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split('\n');
      expect(lines[0]).toMatch(/^path,/);
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['products/shoes/red.png', 'products/shoes/blue.png', 'products/shoes/red-copy.png']);
      // The model saw bytes, not URLs: nothing was fetched from the image host.
      expect(await unclaimed()).toBe(0);
    });

    it('refuses a file over IMAGE_MAX_BYTES as a row error; a folder of nothing valid is a 400 and stores nothing', async () => {
      const { token } = await env.proUser();
      const big = Buffer.concat([await distinctPng(16), Buffer.alloc(MAX_IMAGE_BYTES)]);
      const mixed = await env.server.request('POST', '/api/v1/jobs', { token, body: folder([['a/big.png', big], ['a/small.png', await distinctPng(16)]]) });
      expect(mixed.status).toBe(202);
      expect(mixed.body.rowErrors).toEqual([{ row: 1, reason: 'a/big.png: larger than 0 MB' }].map((error) => ({ ...error, reason: expect.stringMatching(/^a\/big\.png: larger than/) })));
      expect(mixed.body.total).toBe(1);
      const before = await storedFiles();
      const none = await env.server.request('POST', '/api/v1/jobs', { token, body: folder([['a/big.png', big], ['a/readme.md', Buffer.from('# hi')]]) });
      expect(none.status).toBe(400);
      expect(none.body.error.message).toBe('No valid files: the job has nothing to process');
      expect(await storedFiles()).toBe(before);
    });

    it('Free accounts: 403 with the jobs message, and their files are not kept', async () => {
      const { token } = await registerUser(env.server);
      const before = await storedFiles();
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: folder([['x.png', await distinctPng(16)]]) });
      expect(response.status).toBe(403);
      expect(response.body.error.message).toBe(JOB_FORBIDDEN_MESSAGE);
      expect(await storedFiles()).toBe(before);
    });

    it('an Idempotency-Key replay answers the first job and keeps one copy of the files', async () => {
      const { token } = await env.proUser();
      const files: Array<[string, Buffer]> = [['one.png', await distinctPng(16)], ['two.png', await distinctPng(16)]];
      const headers = { 'idempotency-key': `upload-${Date.now()}` };
      const first = await env.server.request('POST', '/api/v1/jobs', { token, body: folder(files), headers });
      const again = await env.server.request('POST', '/api/v1/jobs', { token, body: folder(files), headers });
      expect(first.status).toBe(202);
      expect(again.body.id).toBe(first.body.id);
      const rows = await env.server.app.db.selectFrom('job_files').select('job_id').where('job_id', '=', first.body.id).execute();
      expect(rows).toHaveLength(2);
      // The replay's own copy is deleted once its answer is sent (the idempotency layer sends a replay itself).
      await expect.poll(() => unclaimed(), { timeout: 20_000, interval: 50 }).toBe(0);
    });

    it('an upload cut short is a clean 400 (or a closed connection), never a job, a 500 or kept bytes', async () => {
      const { token } = await env.proUser();
      const png = await distinctPng(16);
      const boundary = '----altwise-cut';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut/one.png"\r\nContent-Type: image/png\r\n\r\n`;
      const partial = Buffer.concat([Buffer.from(head), png.subarray(0, Math.floor(png.length / 2))]);
      const url = new URL(env.server.url);
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(url.port), url.hostname, () => {
          socket.write(
            `POST /api/v1/jobs HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${partial.length + 10_000}\r\n\r\n`,
          );
          socket.write(partial);
          socket.end();
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
      });
      if (answer) expect(answer).toMatch(/^HTTP\/1\.1 400/);
      // A hostile body: complete as HTTP, but its file part never ends.
      const hostile = await env.server.request('POST', '/api/v1/jobs', {
        token,
        body: Buffer.concat([Buffer.from(head), png]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(hostile.status).toBe(400);
      expect(hostile.body.error.message).toBe('The multipart body could not be read');
      const jobs = await env.server.request('GET', '/api/v1/jobs', { token });
      expect(jobs.body.items).toEqual([]);
      // What was stored of them was deleted (the first's once the server saw the connection end).
      const deadline = Date.now() + 5_000;
      while ((await unclaimed()) !== 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await unclaimed()).toBe(0);
    });
  });
}
