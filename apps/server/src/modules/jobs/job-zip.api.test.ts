import { buildZip } from '@altwise/test-support/zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

// Jobs from a .zip (issue 23): POST /api/v1/jobs with a zip among the `files` parts. Images at most
// 64 KB here, so the per-entry cap and the bomb ratio are cheap to reach.
const MAX_IMAGE_BYTES = 64 * 1024;
const HOSTILE = 'The file name must be a relative path without ".." (e.g. products/shoes/red.jpg)';

type Part = [name: string, bytes: Buffer, type?: string];

function form(parts: Part[]): FormData {
  const body = new FormData();
  for (const [name, bytes, type] of parts) body.append('files', new Blob([new Uint8Array(bytes)], { type: type ?? 'application/octet-stream' }), name);
  return body;
}

for (const database of DATABASES) {
  describe(`jobs from a zip (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { IMAGE_MAX_BYTES: String(MAX_IMAGE_BYTES) } });
    });
    afterAll(() => env.close());

    const count = async (unclaimedOnly: boolean) => {
      let query = env.server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll().as('n'));
      if (unclaimedOnly) query = query.where('job_id', 'is', null);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };

    it('a zip among files: entries become items named by their paths; hostile, linked, encrypted, nested and non-image entries are row errors; junk is skipped', async () => {
      const { token } = await env.proUser();
      const [top, red, blue, last] = await Promise.all([distinctPng(16), distinctPng(16), distinctPng(16), distinctPng(16)]);
      const inner = buildZip([{ name: 'x.png', data: await distinctPng(16) }]);
      const zip = buildZip([
        { name: 'shoes/' },
        { name: 'shoes/red.png', data: red },
        { name: 'shoes/blue.png', data: blue, method: 'store' },
        { name: '__MACOSX/shoes/._red.png', data: Buffer.from('resource fork') },
        { name: 'shoes/.DS_Store', data: Buffer.from('junk') },
        { name: 'shoes/notes.txt', data: Buffer.from('not an image') },
        { name: '../../etc/evil.png', data: red },
        { name: '/absolute.png', data: red },
        { name: 'shoes/link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        { name: 'shoes/secret.png', data: red, encrypted: true },
        { name: 'shoes/inner.zip', data: inner },
        { name: 'shoes/sneaky.png', data: inner },
      ]);
      const response = await env.server.request('POST', '/api/v1/jobs', {
        token,
        body: form([['top.png', top], ['catalogue.zip', zip, 'application/zip'], ['last.png', last]]),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.total).toBe(4);
      expect(response.body.rowErrors).toEqual([
        { row: 4, reason: 'shoes/notes.txt: not an image (JPEG, PNG, GIF, WebP or AVIF)' },
        { row: 5, reason: HOSTILE },
        { row: 6, reason: HOSTILE },
        { row: 7, reason: 'shoes/link.png: a symbolic link, not a file' },
        { row: 8, reason: 'shoes/secret.png: encrypted: zip the images without a password' },
        { row: 9, reason: 'shoes/inner.zip: a zip inside the zip is not opened: add its images instead' },
        { row: 10, reason: 'shoes/sneaky.png: a zip inside the zip is not opened: add its images instead' },
      ]);
      const job = await env.waitFor(token, response.body.id);
      expect(job.status).toBe('completed');
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token });
      expect(results.body.items.map((item: { path: string; imageUrl: string | null; status: string }) => [item.path, item.imageUrl, item.status])).toEqual([
        ['top.png', null, 'succeeded'],
        ['shoes/red.png', null, 'succeeded'],
        ['shoes/blue.png', null, 'succeeded'],
        ['last.png', null, 'succeeded'],
      ]);
      // The stored bytes are the entries' own, inflated.
      const stored = await env.server.app.db.selectFrom('job_files').select(['path', 'bytes']).where('job_id', '=', job.id).orderBy('idx').execute();
      expect(stored.map((row) => [row.path, Buffer.from(row.bytes).equals(row.path === 'shoes/red.png' ? red : row.path === 'shoes/blue.png' ? blue : row.path === 'top.png' ? top : last)])).toEqual([
        ['top.png', true],
        ['shoes/red.png', true],
        ['shoes/blue.png', true],
        ['last.png', true],
      ]);
      expect(await count(true)).toBe(0);
    });

    it('an entry over IMAGE_MAX_BYTES is refused while inflating, whatever its header claims', async () => {
      const { token } = await env.proUser();
      const big = Buffer.concat([await distinctPng(16), Buffer.from(Array.from({ length: 3 * MAX_IMAGE_BYTES }, (_, i) => (i * 7919) % 251))]);
      const zip = buildZip([
        { name: 'liar.png', data: big, declaredSize: 1_000 },
        { name: 'honest.png', data: big },
        { name: 'small.png', data: await distinctPng(16) },
      ]);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['photos.zip', zip]]) });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.rowErrors).toEqual([
        { row: 1, reason: 'liar.png: larger than 64 KB' },
        { row: 2, reason: 'honest.png: larger than 64 KB' },
      ]);
      expect(response.body.total).toBe(1);
    });

    it('a zip bomb (an entry inflating past 100 times its size) is refused whole, and nothing is kept', async () => {
      const { token } = await env.proUser();
      const before = await count(false);
      const bomb = Buffer.concat([await distinctPng(16), Buffer.alloc(60 * 1024)]);
      const zip = buildZip([{ name: 'ok.png', data: await distinctPng(16) }, { name: 'bomb.png', data: bomb }]);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['bomb.zip', zip]]) });
      expect(response.status).toBe(413);
      expect(response.body.error.message).toBe('bomb.png inflates to more than 100 times its compressed size: a zip bomb is refused whole');
      expect(await count(false)).toBe(before);
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });

    it('a truncated or corrupt zip is a clean 400 and nothing is kept', async () => {
      const { token } = await env.proUser();
      const before = await count(false);
      const zip = buildZip([{ name: 'a.png', data: await distinctPng(16) }, { name: 'b.png', data: await distinctPng(16) }]);
      const truncated = zip.subarray(0, Math.floor(zip.length * 0.6));
      // The directory intact, but the second entry's "deflated" data cannot inflate (its method patched in both headers).
      const garbage = buildZip([{ name: 'a.png', data: await distinctPng(16) }, { name: 'bad.png', data: Buffer.from([0xff, 0xff, 0xff, 0xff]), method: 'store' }]);
      for (const at of [garbage.indexOf(Buffer.from('bad.png')) - 30 + 8, garbage.lastIndexOf(Buffer.from('bad.png')) - 46 + 10]) garbage.writeUInt16LE(8, at);
      for (const [name, bytes] of [['cut.zip', truncated], ['garbage.zip', garbage], ['not-a-zip.zip', Buffer.from('plain text, not a zip')]] as const) {
        const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['first.png', await distinctPng(16)], [name, bytes]]) });
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(400);
        expect(response.body.error.message).toBe('The zip file could not be read: it is damaged or cut short. Nothing was kept: send it again');
      }
      expect(await count(false)).toBe(before);
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });

    it('more entries than a job takes is a 413, decided before anything is kept', async () => {
      const { token } = await env.proUser();
      const before = await count(false);
      const png = await distinctPng(16);
      const zip = buildZip(Array.from({ length: 10_001 }, (_, i) => ({ name: `many/${i}.png`, data: png, method: 'store' as const })));
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['many.zip', zip]]) });
      expect(response.status).toBe(413);
      expect(response.body.error.message).toBe('Too many files or parts: at most 10,000 files a job');
      expect(await count(false)).toBe(before);
    });
  });
}
