// GET /api/v1/jobs/{id}/images.zip (issue 38): a finished job's uploaded images with their accepted
// alt text and long description written into XMP by exiftool (the embed "iptc" path), pixels and
// the camera's metadata untouched. Read back here with exiftool itself.
import sharp from 'sharp';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { cameraJpeg, exiftoolTags, pixelHash } from '../alt-text/iptc.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

const ALT = 'Harbour at dusk with two fishing boats moored by the pier';
const LONG = 'A wide view of a small harbour at dusk.';

function form(files: Array<[name: string, bytes: Buffer]>, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [name, bytes] of files) body.append('files', new Blob([new Uint8Array(bytes)]), name);
  return body;
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return entries;
}

async function download(env: JobsTestEnv, token: string, url: string) {
  const response = await fetch(env.server.url + url, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

for (const database of DATABASES) {
  describe(`a job's images.zip (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database);
      env.vision.setReply(() => ({ altText: ALT, longDescription: LONG }));
    });
    afterAll(() => env.close());

    /** A finished job over `files` with every item approved. */
    async function approvedJob(token: string, files: Array<[string, Buffer]>, fields: Record<string, string> = {}) {
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: form(files, fields) });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      const job = await env.waitFor(token, created.body.id);
      const items = (await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token })).body.items as Array<{ id: string }>;
      for (const item of items) expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}/results/${item.id}`, { token, body: { status: 'approved' } })).status).toBe(200);
      return job.id;
    }

    it('the approved images with AltTextAccessibility and ExtDescrAccessibility readable by exiftool, identical pixels, the camera\'s tags kept; a GIF listed as not written', async () => {
      const { token } = await env.proUser();
      const jpeg = await cameraJpeg();
      const png = await sharp({ create: { width: 12, height: 9, channels: 3, background: '#336699' } }).png().toBuffer();
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).gif().toBuffer();
      // Held: the job is still running when its zip is asked for.
      env.vision.hold();
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: form([['photos/harbour.jpg', jpeg], ['flag.png', png], ['old.gif', gif]], { language: 'fr' }) });
      const early = await download(env, token, `/api/v1/jobs/${created.body.id}/images.zip`);
      expect(early.status).toBe(409);
      env.vision.release();
      await env.waitFor(token, created.body.id);
      const items = (await env.server.request('GET', `/api/v1/jobs/${created.body.id}/results`, { token })).body.items as Array<{ id: string }>;
      // The PNG stays unreviewed: only accepted results are written.
      for (const id of [items[0]!.id, items[2]!.id]) expect((await env.server.request('PATCH', `/api/v1/jobs/${created.body.id}/results/${id}`, { token, body: { status: 'approved' } })).status).toBe(200);

      const response = await download(env, token, `/api/v1/jobs/${created.body.id}/images.zip`);
      expect(response.status).toBe(200);
      expect(response.type).toBe('application/zip');
      const entries = await unzip(response.bytes);
      expect([...entries.keys()]).toEqual(['photos/harbour.jpg', 'altwise-not-written.txt']);
      const written = entries.get('photos/harbour.jpg')!;
      const tags = exiftoolTags(written);
      expect(tags['XMP-iptcCore:AltTextAccessibility']).toBe(ALT);
      expect(tags['XMP-iptcCore:AltTextAccessibility-fr']).toBe(ALT);
      expect(tags['XMP-iptcCore:ExtDescrAccessibility-fr']).toBe(LONG);
      expect(tags['IFD0:Make']).toBe('Altwise Test Camera');
      expect(await pixelHash(written)).toBe(await pixelHash(jpeg));
      expect(entries.get('altwise-not-written.txt')!.toString('utf8')).toBe('old.gif: Alt text can be written into JPEG, PNG and WebP files only\n');

      const other = await env.proUser();
      expect((await download(env, other.token, `/api/v1/jobs/${created.body.id}/images.zip`)).status).toBe(404);
    });

    it('embedSuffix marks the written text only; a PNG keeps its pixels', async () => {
      const { token } = await env.proUser();
      const png = await sharp({ create: { width: 12, height: 9, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } }).png().toBuffer();
      const id = await approvedJob(token, [['flag.png', png]]);
      const response = await download(env, token, `/api/v1/jobs/${id}/images.zip?embedSuffix=${encodeURIComponent('(AI-generated)')}`);
      expect(response.status).toBe(200);
      const written = (await unzip(response.bytes)).get('flag.png')!;
      expect(exiftoolTags(written)['XMP-iptcCore:AltTextAccessibility-en']).toBe(`${ALT} (AI-generated)`);
      expect(await pixelHash(written)).toBe(await pixelHash(png));
      const results = await env.server.request('GET', `/api/v1/jobs/${id}/results`, { token });
      expect(results.body.items[0].result.altText).toBe(ALT);
    });

    it('a job of URLs has no images to give back (404)', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      await env.waitFor(token, created.body.id);
      const response = await download(env, token, `/api/v1/jobs/${created.body.id}/images.zip`);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.bytes.toString('utf8')).error.message).toBe('This job was not made from uploaded images');
    });
  });
}
