import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildZip } from '@altwise/test-support/zip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import { MAX_UPLOADS_PER_ACCOUNT } from './upload-admission';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

// Issue 31 row 1: zip uploads that filled the database. Images at most 64 KB here, so the caps are cheap to reach.
const MAX_IMAGE_BYTES = 64 * 1024;
const BOUNDARY = 'hostile-upload';
/** A guard against a hang, far beyond any answer's normal time (the assertion is the answer itself). */
const ANSWER_GUARD_MS = 120_000;
/**
 * How long an extra upload waits for its refusal before it counts as admitted in place of an open one
 * (then hung up and tried again): a refusal takes milliseconds alone, seconds on a loaded machine.
 */
const ADMITTED_AFTER_MS = 15_000;

type Part = [name: string, bytes: Buffer, type?: string];

function form(parts: Part[]): FormData {
  const body = new FormData();
  for (const [name, bytes, type] of parts) body.append('files', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), name);
  return body;
}

/**
 * A multipart upload announcing `announced` bytes of zip, of which only the first KB is sent: the
 * rest is held back until the server has answered (or the test hangs up). Resolves with the answer's
 * head and body as soon as one arrives.
 */
function partialUpload(url: string, route: string, token: string, announced: number, guardMs = ANSWER_GUARD_MS) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="photos.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  const epilogue = `\r\n--${BOUNDARY}--\r\n`;
  let sent = 0;
  let received = '';
  const answered = new Promise<{ status: number; body: any; sentBeforeAnswer: number }>((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('no answer while the body was held back')), guardMs);
    const settle = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const head = received.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (Buffer.byteLength(received.slice(end + 4)) < length) return false;
      clearTimeout(guard);
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(received.slice(end + 4)), sentBeforeAnswer: sent });
      return true;
    };
    socket.on('data', (chunk) => {
      received += chunk.toString();
      settle();
    });
    socket.on('close', () => settle() || reject(new Error(`closed without a whole answer: ${received}`)));
  });
  socket.write(
    `POST ${route} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${preamble.length + announced + epilogue.length}\r\n\r\n${preamble}`,
  );
  const first = Buffer.alloc(1024, 0x41);
  socket.write(first);
  sent = preamble.length + first.length;
  return { answered, hangUp: () => socket.destroy() };
}

/** The SQLite files' size (database and write-ahead log): what the disk holds. */
function sqliteBytes(dataDir: string): number {
  return fs
    .readdirSync(dataDir)
    .filter((name) => /\.(db|sqlite)(-wal|-shm)?$/.test(name) || name.endsWith('-wal'))
    .reduce((sum, name) => sum + fs.statSync(path.join(dataDir, name)).size, 0);
}

/** One 60 KB "PNG" that deflates about 60 times (a signature and sparse bytes), under the per-entry ratio of 100. */
async function sparsePng(seed: number): Promise<Buffer> {
  const body = Buffer.alloc(60 * 1024);
  for (let i = 0; i < body.length; i += 64) body[i] = (i * 31 + seed) % 251;
  return Buffer.concat([(await distinctPng(16)).subarray(0, 8), body]);
}

/** A zip whose every central-directory entry points at the first entry's local header and data. */
function overlappingZip(data: Buffer, entries: number): Buffer {
  const single = buildZip([{ name: 'a.png', data }]);
  const eocd = single.length - 22;
  const directoryAt = single.readUInt32LE(eocd + 16);
  const central = single.subarray(directoryAt, eocd);
  const copies = Array.from({ length: entries }, (_, i) => {
    const copy = Buffer.from(central);
    // Same length name, so the record's size is unchanged: "a.png" → "0.png", "1.png", …
    copy.write(String(i % 10), 46, 'latin1');
    return copy;
  });
  const directory = Buffer.concat(copies);
  const end = Buffer.from(single.subarray(eocd));
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  return Buffer.concat([single.subarray(0, directoryAt), directory, end]);
}

for (const database of DATABASES) {
  describe(`hostile zip uploads (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { IMAGE_MAX_BYTES: String(MAX_IMAGE_BYTES), REQUEST_TIMEOUT_MS: '120000' } });
    });
    afterAll(() => env.close());

    const storedBytes = async () => Number((await env.server.app.db.selectFrom('job_files').select(sql<number>`coalesce(sum(length(bytes)), 0)`.as('n')).executeTakeFirstOrThrow()).n);

    it('a Free key is refused 403 before the body is read, for a job and for its estimate', async () => {
      const free = await registerUser(env.server);
      for (const route of ['/api/v1/jobs', '/api/v1/jobs/estimate']) {
        const upload = partialUpload(env.server.url, route, free.token, 10 * 1024 * 1024);
        const answer = await upload.answered;
        upload.hangUp();
        expect(answer.status, route).toBe(403);
        expect(answer.body.error.code).toBe('plan_forbidden');
        // Answered while 10 MB of the body were still held back by the client.
        expect(answer.sentBeforeAnswer).toBeLessThan(2048);
      }
    });

    it('a zip whose central directory points many entries at one local header is refused whole; the database does not grow', async () => {
      const { token } = await env.proUser();
      const zip = overlappingZip(await sparsePng(1), 40);
      const [bytesBefore, fileBefore] = [await storedBytes(), database === 'sqlite' ? sqliteBytes(env.server.dataDir) : 0];
      for (const route of ['/api/v1/jobs', '/api/v1/jobs/estimate']) {
        const response = await env.server.request('POST', route, { token, body: form([['photos.zip', zip, 'application/zip']]) });
        expect(response.status, JSON.stringify(response.body)).toBe(400);
        expect(response.body.error.message).toBe('The zip file has entries that share or overlap their data (a hostile zip): it is refused whole. Nothing was kept');
      }
      expect(await storedBytes()).toBe(bytesBefore);
      // SQLite: a few pages at most (sessions, the refused idempotency-free requests), never the 40 × 60 KB it claims.
      if (database === 'sqlite') expect(sqliteBytes(env.server.dataDir) - fileBefore).toBeLessThan(40 * 60 * 1024 / 4);
    });

    it('a zip whose entries each stay under the per-entry ratio but inflate past the whole-zip ratio is refused (413), nothing kept', async () => {
      const { token } = await env.proUser();
      const zip = buildZip(await Promise.all([1, 2, 3, 4, 5, 6].map(async (seed) => ({ name: `p/${seed}.png`, data: await sparsePng(seed) }))));
      const bytesBefore = await storedBytes();
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['photos.zip', zip, 'application/zip']]) });
      expect(response.status, JSON.stringify(response.body)).toBe(413);
      expect(response.body.error.message).toBe('photos.zip inflates to more than 10 times its size: a zip of images hardly compresses, so it is refused whole');
      expect(await storedBytes()).toBe(bytesBefore);
    });

    it('identical bytes are stored once per job, however many files and entries carry them', async () => {
      const { token } = await env.proUser();
      const same = await distinctPng(16);
      const other = await distinctPng(16);
      const zip = buildZip([
        { name: 'a/same.png', data: same },
        { name: 'b/same.png', data: same },
        { name: 'c/other.png', data: other },
      ]);
      const bytesBefore = await storedBytes();
      const response = await env.server.request('POST', '/api/v1/jobs', {
        token,
        body: form([['one.png', same], ['two.png', same], ['photos.zip', zip, 'application/zip']]),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.total).toBe(5);
      expect(await storedBytes()).toBe(bytesBefore + same.length + other.length);
      const job = await env.waitFor(token, response.body.id);
      expect(job.counts.succeeded).toBe(5);
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token });
      expect(results.body.items.map((item: { path: string }) => item.path)).toEqual(['one.png', 'two.png', 'a/same.png', 'b/same.png', 'c/other.png']);
    });

    it(`at most ${MAX_UPLOADS_PER_ACCOUNT} uploads of one account are read at once; the next is refused 429 before its body is read`, async () => {
      const { token } = await env.proUser();
      // Uploads one after the other never count against each other: each frees its slot when answered.
      for (let i = 0; i <= MAX_UPLOADS_PER_ACCOUNT; i += 1) {
        expect((await env.server.request('POST', '/api/v1/jobs', { token, body: form([[`seq-${i}.png`, await distinctPng(16)]]) })).status).toBe(202);
      }
      // Held open on purpose: they are not answered while their bodies are held back, unless refused
      // (an extra below was admitted before one of them, on a loaded machine): that one is opened again.
      const openUpload = () => {
        const upload = { ...partialUpload(env.server.url, '/api/v1/jobs', token, 10 * 1024 * 1024), ended: false };
        upload.answered.then(() => (upload.ended = true)).catch(() => undefined);
        return upload;
      };
      const open = Array.from({ length: MAX_UPLOADS_PER_ACCOUNT }, openUpload);
      // The open uploads are being read (the server waits for their bodies): one more is one too many.
      await expect.poll(async () => {
        open.forEach((upload, at) => {
          if (!upload.ended) return;
          upload.hangUp();
          open[at] = openUpload();
        });
        // Until the open ones are admitted, this one may be admitted instead (and so not answered): hung up, tried again.
        const extra = partialUpload(env.server.url, '/api/v1/jobs', token, 10 * 1024 * 1024, ADMITTED_AFTER_MS);
        const answer = await extra.answered.finally(() => extra.hangUp());
        return [answer.status, answer.body.error?.code];
      }, { timeout: ANSWER_GUARD_MS }).toEqual([429, 'too_many_requests']);
      // Another account is not affected, and the account's own slot comes back when an upload ends.
      const other = await env.proUser();
      const theirs = await env.server.request('POST', '/api/v1/jobs', { token: other.token, body: form([['x.png', await distinctPng(16)]]) });
      expect(theirs.status).toBe(202);
      open[0]!.hangUp();
      await expect.poll(async () => (await env.server.request('POST', '/api/v1/jobs', { token, body: form([['y.png', await distinctPng(16)]]) })).status, { timeout: ANSWER_GUARD_MS }).toBe(202);
      for (const upload of open) upload.hangUp();
    }, 300_000);
  });
}
