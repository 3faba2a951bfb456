// Resumable uploads (issue 32 row 2): a piece cut short keeps the files that arrived whole and never
// the one being read; a piece sent again leaves stored files as they are; bad pieces are refused; a
// session is its account's own; the job is made of the session's files in place order.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

const BOUNDARY = 'session-piece';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const part = (name: string, bytes: Buffer) => Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n')]);
const firstField = (first: number) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="first"\r\n\r\n${first}\r\n`);

function pieceForm(first: number, files: Array<[string, Buffer]>): FormData {
  const form = new FormData();
  form.append('first', String(first));
  for (const [name, bytes] of files) form.append('files', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

for (const database of DATABASES) {
  describe(`resumable uploads (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { WORKERS: 'none' } });
    });
    afterAll(() => env.close());

    const stored = async (token: string, session: string) => (await env.server.request('GET', `/api/v1/jobs/uploads/${session}`, { token })).body.stored as number[];

    it('keeps the files of a piece cut short that arrived whole, never the one being read, and resumes', async () => {
      const { token } = await env.proUser();
      const session = `cut-${database}-0123456789`;
      const images = [await distinctPng(16), await distinctPng(16), await distinctPng(16)];
      // Two whole files, then half of the third, and the body ends there (a form cut short, though
      // the request itself arrived whole): the first two are kept, the third never.
      const whole = Buffer.concat([firstField(0), part('a.png', images[0]!), part('b.png', images[1]!), part('c.png', images[2]!)]);
      const cut = whole.subarray(0, whole.length - 2 - Math.floor(images[2]!.length / 2));
      const answer = await fetch(`${env.server.url}/api/v1/jobs/uploads/${session}/files`, {
        method: 'POST',
        body: cut,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      });
      expect(answer.status).toBe(400);
      expect(await stored(token, session)).toEqual([0, 1]);
      // Resuming sends the third again, whole: stored as sent, so the half never was.
      const again = await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token, body: pieceForm(2, [['c.png', images[2]!]]) });
      expect(again.body).toEqual({ received: 1, rowErrors: [] });
      // A piece sent twice changes nothing.
      const twice = await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token, body: pieceForm(0, [['a.png', images[1]!]]) });
      expect(twice.status).toBe(200);
      expect(await stored(token, session)).toEqual([0, 1, 2]);

      const job = await env.server.request('POST', `/api/v1/jobs/uploads/${session}/job`, { token, body: { language: 'en' } });
      expect(job.status).toBe(202);
      expect(job.body).toMatchObject({ total: 3, counts: { pending: 3 }, distinctImages: 3 });
      const files = await env.server.app.db.selectFrom('job_files').select(['idx', 'path', 'sha256']).where('job_id', '=', job.body.id).orderBy('idx').execute();
      expect(files.map((file) => [Number(file.idx), file.path, file.sha256])).toEqual([
        [0, 'a.png', sha256(images[0]!)],
        [1, 'b.png', sha256(images[1]!)],
        [2, 'c.png', sha256(images[2]!)],
      ]);
      // The session's files are the job's now: nothing left to resume, nothing to make a second job of.
      expect(await stored(token, session)).toEqual([]);
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/job`, { token, body: {} })).status).toBe(400);
    });

    it('refuses a bad piece, reports bad files by their place, and keeps sessions apart by account', async () => {
      const { token } = await env.proUser();
      const other = await env.proUser();
      const session = `bad-${database}-0123456789`;
      const image = await distinctPng(16);
      const noFirst = new FormData();
      noFirst.append('files', new Blob([new Uint8Array(image)]), 'a.png');
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token, body: noFirst })).status).toBe(400);
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token, body: pieceForm(10_000, [['a.png', image]]) })).status).toBe(413);
      expect((await env.server.request('POST', '/api/v1/jobs/uploads/short/files', { token, body: pieceForm(0, [['a.png', image]]) })).status).toBe(400);
      const mixed = await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, {
        token,
        body: pieceForm(4, [
          ['../etc/passwd.png', image],
          ['notes.png', Buffer.from('not an image')],
          ['ok.png', image],
        ]),
      });
      expect(mixed.body).toEqual({
        received: 1,
        rowErrors: [
          { row: 5, reason: 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)' },
          { row: 6, reason: 'notes.png: not an image (JPEG, PNG, GIF, WebP or AVIF)' },
        ],
      });
      expect(await stored(token, session)).toEqual([6]);
      expect(await stored(other.token, session)).toEqual([]);
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/job`, { token: other.token, body: {} })).status).toBe(400);
      // A Free plan sends no piece.
      const free = await registerUser(env.server);
      expect((await env.server.request('POST', `/api/v1/jobs/uploads/${session}/files`, { token: free.token, body: pieceForm(0, [['a.png', image]]) })).status).toBe(403);
    });
  });
}
