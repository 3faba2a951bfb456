// Jobs over an EPUB (issue 38): the book's images that need alt text are the items, with their
// context; the review's accepted results come back written into the book (GET /jobs/{id}/epub),
// which epubcheck (Debian's package, as `java -jar`) validates.
import { openBook } from '@altwise/engine/epub';
import type { BookFile } from '@altwise/test-support/epub-books';
import { epub3Files, zipOf } from '@altwise/test-support/epub-books';
import { epubcheck } from '@altwise/test-support/epubcheck';
import { buildZip } from '@altwise/test-support/zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

const MAX_IMAGE_BYTES = 64 * 1024;

function bookForm(bytes: Buffer, name = 'harbours.epub', fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/epub+zip' }), name);
  return body;
}

async function download(env: JobsTestEnv, token: string, url: string): Promise<{ status: number; type: string | null; bytes: Buffer; json: unknown }> {
  const response = await fetch(env.server.url + url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type');
  return { status: response.status, type, bytes, json: type?.includes('application/json') ? JSON.parse(bytes.toString('utf8')) : null };
}

type Item = { id: string; path: string; context: string | null; columns: Record<string, string>; status: string };

for (const database of DATABASES) {
  describe(`jobs over an EPUB (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { IMAGE_MAX_BYTES: String(MAX_IMAGE_BYTES) } });
    });
    afterAll(() => env.close());

    it('items are the images lacking alt, with their context; the accepted results come back in a valid EPUB, the publisher\'s alt kept', { timeout: 240_000 }, async () => {
      const { token } = await env.proUser();
      const input = await zipOf(await epub3Files());
      // Held: the job is still running when its EPUB is asked for.
      env.vision.hold();
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: bookForm(input) });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      // harbour, the chart, the boat; the lighthouse's alt is the publisher's, the rule is decorative.
      expect(created.body.total).toBe(3);
      const early = await download(env, token, `/api/v1/jobs/${created.body.id}/epub`);
      expect(early.status).toBe(409);
      expect((early.json as { error: { message: string } }).error.message).toMatch(/^The job is (queued|running): the EPUB is made once it has finished/);
      env.vision.release();
      const job = await env.waitFor(token, created.body.id);
      expect(job.status).toBe('completed');

      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token });
      const items = results.body.items as Item[];
      expect(items.map((item) => [item.path, item.columns.document, item.columns.xml_lang ?? null, item.status])).toEqual([
        ['OEBPS/images/harbour.png', 'OEBPS/text/chapter1.xhtml', 'en', 'succeeded'],
        ['OEBPS/images/catch-chart.png', 'OEBPS/text/chapter1.xhtml', 'en', 'succeeded'],
        ['OEBPS/images/boat.jpg', 'OEBPS/text/chapter1.xhtml', 'fr', 'succeeded'],
      ]);
      expect(items[0]!.context).toContain('Every spring the fleet returns');
      expect(items[1]!.context).toContain('Caption: Figure 1. Catch per season');
      expect(items[2]!.context).toContain('Le bateau rentre au port');

      // Only accepted results are written: the harbour as the model wrote it, the chart edited; the boat left unreviewed.
      expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}/results/${items[0]!.id}`, { token, body: { status: 'approved' } })).status).toBe(200);
      const edited = 'Bar chart of the catch per season, rising from 2020 to 2025';
      expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}/results/${items[1]!.id}`, { token, body: { status: 'approved', altText: edited } })).status).toBe(200);

      const other = await env.proUser();
      expect((await download(env, other.token, `/api/v1/jobs/${job.id}/epub`)).status).toBe(404);

      const output = await download(env, token, `/api/v1/jobs/${job.id}/epub`);
      expect(output.status).toBe(200);
      expect(output.type).toBe('application/epub+zip');
      const book = await openBook(output.bytes);
      const alts = new Map(book.documents.flatMap((document) => document.images).map((image) => [image.src, image.alt]));
      expect(alts.get('../images/catch-chart.png')).toEqual(expect.objectContaining({ state: 'present', value: edited }));
      expect(alts.get('../images/harbour.png')).toEqual(expect.objectContaining({ state: 'present', value: expect.any(String) }));
      expect(alts.get('../images/lighthouse.png')).toEqual(expect.objectContaining({ state: 'present', value: 'The red lighthouse at the harbour mouth' }));
      expect(alts.get('../images/rule.png')).toEqual(expect.objectContaining({ state: 'empty' }));
      expect(alts.get('../images/boat.jpg')).toEqual(expect.objectContaining({ state: 'missing' }));
      // One image still lacks alt: the summary says so, and alternativeText is not claimed.
      expect(book.pkg.opf).not.toContain('alternativeText');
      expect(book.pkg.opf).toMatch(/schema:accessibilitySummary">4 images have a text alternative[^<]*; 1 image still lacks one/);
      // Every entry but the edited document and the OPF is byte for byte the input's, mimetype first and stored.
      const before = await openBook(input);
      for (const entry of book.entries) {
        if (entry.name === 'OEBPS/text/chapter1.xhtml' || entry.name === 'OEBPS/content.opf') continue;
        expect(entry.data.equals(before.entries.find((candidate) => candidate.name === entry.name)!.data), entry.name).toBe(true);
      }
      expect(book.entries[0]).toEqual(expect.objectContaining({ name: 'mimetype', compressed: false }));

      const checked = await epubcheck(output.bytes);
      expect(checked.errors, checked.output).toBe(0);
      expect(checked.fatals, checked.output).toBe(0);
    });

    it('every image approved: three alts, epubcheck 0 errors and the summary says all have one', { timeout: 240_000 }, async () => {
      const { token } = await env.proUser();
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: bookForm(await zipOf(await epub3Files())) });
      const job = await env.waitFor(token, created.body.id);
      const items = (await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token })).body.items as Item[];
      for (const item of items) expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}/results/${item.id}`, { token, body: { status: 'approved' } })).status).toBe(200);
      const output = await download(env, token, `/api/v1/jobs/${job.id}/epub`);
      const book = await openBook(output.bytes);
      const images = book.documents.flatMap((document) => document.images);
      expect(images.filter((image) => image.alt.state === 'missing')).toEqual([]);
      expect(book.pkg.opf).toContain('<meta property="schema:accessibilityFeature">alternativeText</meta>');
      expect(book.pkg.opf).toMatch(/schema:accessibilitySummary">All 5 images have a text alternative/);
      const checked = await epubcheck(output.bytes);
      expect(checked.errors, checked.output).toBe(0);
    });

    it('a job not made from an EPUB has none (404); an EPUB goes alone', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      const job = await env.waitFor(token, created.body.id);
      const response = await download(env, token, `/api/v1/jobs/${job.id}/epub`);
      expect(response.status).toBe(404);
      expect((response.json as { error: { message: string } }).error.message).toBe('This job was not made from an EPUB upload');

      const form = bookForm(await zipOf(await epub3Files()));
      form.append('files', new Blob([new Uint8Array(Buffer.from('x'))]), 'extra.png');
      const mixed = await env.server.request('POST', '/api/v1/jobs', { token, body: form });
      expect(mixed.status).toBe(400);
      expect(mixed.body.error.message).toMatch(/Send an EPUB alone/);
    });

    it('a book whose every image has a good alt is refused: nothing to describe', async () => {
      const { token } = await env.proUser();
      const files = await epub3Files();
      const chapter = files.find((file) => file.name === 'OEBPS/text/chapter1.xhtml')!;
      chapter.data = String(chapter.data)
        .replace('<img src="../images/harbour.png"/>', '<img src="../images/harbour.png" alt="Fishing boats moored along the stone pier"/>')
        .replace('<img src="../images/catch-chart.png"/>', '<img src="../images/catch-chart.png" alt="Bar chart of the catch per season"/>')
        .replace('<img src="../images/boat.jpg"/>', '<img src="../images/boat.jpg" alt="Un bateau de pêche au lever du jour"/>');
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: bookForm(await zipOf(files)) });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(/^Nothing to describe/);
    });

    it('a publisher\'s poor alt (a file name) is an item; unless a person approves its replacement, the book keeps it', async () => {
      const { token } = await env.proUser();
      const files = await epub3Files();
      const chapter = files.find((file) => file.name === 'OEBPS/text/chapter1.xhtml')!;
      chapter.data = String(chapter.data)
        .replace('<img src="../images/harbour.png"/>', '<img src="../images/harbour.png" alt="harbour.png"/>')
        .replace('<img src="../images/catch-chart.png"/>', '<img src="../images/catch-chart.png" alt="Bar chart of the catch per season"/>')
        .replace('<img src="../images/boat.jpg"/>', '<img src="../images/boat.jpg" alt="Un bateau de pêche au lever du jour"/>');
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: bookForm(await zipOf(files)) });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      expect(created.body.total).toBe(1);
      const job = await env.waitFor(token, created.body.id);
      const items = (await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token })).body.items as Item[];
      expect(items.map((item) => item.columns.src)).toEqual(['../images/harbour.png']);
      const output = await download(env, token, `/api/v1/jobs/${job.id}/epub`);
      const alts = (await openBook(output.bytes)).documents.flatMap((document) => document.images).map((image) => image.alt);
      expect(alts).toContainEqual(expect.objectContaining({ state: 'present', value: 'harbour.png' }));
      expect(alts).toContainEqual(expect.objectContaining({ state: 'present', value: 'The red lighthouse at the harbour mouth' }));
    });

    it('hostile books: the zip uploads\' bomb limits per entry and over the archive (413), traversal names and a missing mimetype (400); nothing kept', async () => {
      const { token } = await env.proUser();
      const base = (await epub3Files()).map((file): BookFile => file);
      const asSpec = (files: BookFile[]) => files.map((file) => ({ name: file.name, data: Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data, 'utf8'), method: file.store ? ('store' as const) : undefined }));
      const post = async (bytes: Buffer) => env.server.request('POST', '/api/v1/jobs', { token, body: bookForm(bytes) });
      // One entry past 100 times its compressed size (past 32 KB): a zip of images would be refused for it too.
      const entryBomb = await post(buildZip([...asSpec(base), { name: 'OEBPS/images/zeros.png', data: Buffer.alloc(4 * 1024 * 1024) }]));
      expect(entryBomb.status).toBe(413);
      expect(entryBomb.body.error.message).toMatch(/inflates more than 100 times/);
      // Each entry under 100 times, the archive past 10 times its size (and past twice the image cap).
      const text = Buffer.from('<p>The harbour.</p>'.repeat(200));
      const many = Array.from({ length: 60 }, (_, index) => ({ name: `OEBPS/notes/n${index}.txt`, data: text }));
      const archiveBomb = await post(buildZip([...asSpec(base), ...many]));
      expect(archiveBomb.status).toBe(413);
      expect(archiveBomb.body.error.message).toMatch(/inflates more than 10 times its size/);
      const traversal = await post(buildZip([...asSpec(base), { name: '../../etc/evil.xhtml', data: Buffer.from('x') }]));
      expect(traversal.status).toBe(400);
      const noMimetype = await post(buildZip(asSpec(base.filter((file) => file.name !== 'mimetype'))));
      expect(noMimetype.status).toBe(400);
      expect(noMimetype.body.error.message).toMatch(/first entry must be "mimetype"/);
      const kept = await env.server.app.db.selectFrom('job_files').select((eb) => eb.fn.countAll().as('n')).where('job_id', 'is', null).executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBe(0);
    });
  });
}
