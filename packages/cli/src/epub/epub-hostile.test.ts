// Hostile and odd books: traversal names, bombs, a missing mimetype, DTD entities, encrypted
// resources, remote images, a publisher's alt under --overwrite-poor. A stand-in client: no server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Altwise } from '@altwise/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookFile } from '@altwise/test-support/epub-books';
import { CHAPTER, epub3Files, zipOf } from '@altwise/test-support/epub-books';
import { EPUB_LIMITS, readEpub } from '@altwise/engine/epub';
import { epubFill } from './epub-fill';
import { epubLint } from './epub-lint';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-epub-hostile-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const described: string[] = [];
const stubClient = {
  describe: async (input: { fileName?: string; language?: string }) => {
    described.push(`${input.fileName} ${input.language}`);
    return { altText: `A picture named ${input.fileName}`, isDecorative: false, verification: 'model' };
  },
} as unknown as Altwise;

async function book(change: (files: BookFile[]) => BookFile[] | void): Promise<string> {
  const files = await epub3Files();
  const file = path.join(dir, `book-${described.length}-${Math.random().toString(36).slice(2)}.epub`);
  fs.writeFileSync(file, await zipOf(change(files) ?? files));
  return file;
}

const replaceIn = (files: BookFile[], name: string, from: string | RegExp, to: string) => {
  const file = files.find((candidate) => candidate.name === name)!;
  file.data = String(file.data).replace(from, to);
};

const refusal = (file: string) => readEpub(fs.readFileSync(file)).then(() => 'read', (error: Error) => error.message);
const fillRefusal = (file: string) => epubFill(stubClient, { input: file, output: `${file}.out`, overwritePoor: false, allowDrafts: false, concurrency: 1 }, { err: () => undefined }).then(() => 'filled', (error: Error) => error.message);

describe('hostile EPUB archives', () => {
  it('refuses an entry whose name leads outside the container', async () => {
    const file = await book((files) => void files.push({ name: 'OEBPS/xx/xx/evil.txt', data: 'x' }));
    // The same length, so the zip stays consistent: OEBPS/../../evil.txt in both headers.
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.from(bytes.toString('latin1').replaceAll('OEBPS/xx/xx/evil.txt', 'OEBPS/../../evil.txt'), 'latin1'));
    expect(await refusal(file)).toMatch(/refused/);
  });

  it('refuses a book without a mimetype entry, or with it not first', async () => {
    expect(await refusal(await book((files) => files.filter((entry) => entry.name !== 'mimetype')))).toMatch(/first entry must be "mimetype"/);
    expect(await refusal(await book((files) => [...files.slice(1), files[0]!]))).toMatch(/first entry must be "mimetype"/);
  });

  it('refuses an entry that inflates past the ratio, and an archive that does as a whole', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    expect(deflateRawSync(zeros).length * EPUB_LIMITS.entryRatio).toBeLessThan(zeros.length);
    expect(await refusal(await book((files) => void files.push({ name: 'OEBPS/bomb.bin', data: zeros })))).toMatch(/inflates more than 100 times \(a zip bomb\?\)/);
    // Twelve entries of 1 MB: none alone past the per-entry floor, together 12 MB from a few kilobytes.
    const many = await book((files) => void files.push(...Array.from({ length: 12 }, (_, index) => ({ name: `OEBPS/fill-${index}.bin`, data: Buffer.alloc(1024 * 1024) }))));
    expect(await refusal(many)).toMatch(/inflates more than 100 times its size/);
  });

  it('refuses a billion-laughs DTD in the OPF and an external entity in a content document, expanding neither', async () => {
    // What the stub described for the tests before this one (any of them, shuffled) is not this test's.
    described.length = 0;
    const laughs = '<!DOCTYPE package [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<package';
    expect(await fillRefusal(await book((files) => replaceIn(files, 'OEBPS/content.opf', '<package', laughs)))).toMatch(/OEBPS\/content.opf: a DOCTYPE with declarations/);
    const external = await book((files) => replaceIn(files, 'OEBPS/text/chapter1.xhtml', '<html', '<!DOCTYPE html [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<html'));
    expect(await fillRefusal(external)).toMatch(/chapter1.xhtml: a DOCTYPE with declarations/);
    expect(described).toEqual([]);
  });

  it('reports an encrypted image and leaves it alone; a remote image is not described', async () => {
    const encryption = `<?xml version="1.0" encoding="UTF-8"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/><enc:CipherData><enc:CipherReference URI="OEBPS/images/harbour.png"/></enc:CipherData></enc:EncryptedData>
</encryption>`;
    const file = await book((files) => {
      files.push({ name: 'META-INF/encryption.xml', data: encryption });
      replaceIn(files, 'OEBPS/text/chapter1.xhtml', '<img src="../images/catch-chart.png"/>', '<img src="https://images.example.com/chart.png"/>');
    });
    const report = await epubFill(stubClient, { input: file, output: `${file}.out`, overwritePoor: false, allowDrafts: false, concurrency: 1 }, { err: () => undefined });
    expect(report.counts).toMatchObject({ described: 1, missing: 2 });
    expect(report.left.join('\n')).toMatch(/harbour.png is encrypted/);
    expect(report.left.join('\n')).toMatch(/outside the container \(a remote URL\)/);
    expect(report.notes.join('\n')).toMatch(/OEBPS\/images\/harbour.png is encrypted \(META-INF\/encryption.xml\): reported, left untouched/);
    const opf = (await readEpub(fs.readFileSync(`${file}.out`))).find((entry) => entry.name === 'OEBPS/content.opf')!.data.toString('utf8');
    // Not every image has a text alternative: the feature is not claimed, and the summary says so.
    expect(opf).not.toContain('alternativeText');
    expect(opf).toContain('2 images still lack one.');
  });
});

describe('a publisher\'s alt text', () => {
  it('survives fill; --overwrite-poor replaces it only when the checker finds an error (a file name)', async () => {
    const file = await book((files) => replaceIn(files, 'OEBPS/text/chapter1.xhtml', 'alt="The red lighthouse at the harbour mouth"', 'alt="lighthouse.png"'));
    const chapterOf = async (output: string) => (await readEpub(fs.readFileSync(output))).find((entry) => entry.name === 'OEBPS/text/chapter1.xhtml')!.data.toString('utf8');
    const kept = await epubFill(stubClient, { input: file, output: `${file}.kept`, overwritePoor: false, allowDrafts: false, concurrency: 1 }, { err: () => undefined });
    expect(kept.counts.kept).toBe(1);
    expect(await chapterOf(`${file}.kept`)).toContain('alt="lighthouse.png"');
    const replaced = await epubFill(stubClient, { input: file, output: `${file}.poor`, overwritePoor: true, allowDrafts: false, concurrency: 1 }, { err: () => undefined });
    expect(replaced.counts).toMatchObject({ described: 4, kept: 0 });
    expect(await chapterOf(`${file}.poor`)).toContain('alt="A picture named lighthouse.png"');
    // A good alt is never replaced, even with the flag.
    const good = await book(() => undefined);
    const untouched = await epubFill(stubClient, { input: good, output: `${good}.out`, overwritePoor: true, allowDrafts: false, concurrency: 1 }, { err: () => undefined });
    expect(untouched.counts.kept).toBe(1);
  });

  it('describes each image in its xml:lang, and epub lint reads an EPUB 2 entity it cannot expand as text', async () => {
    described.length = 0;
    await epubFill(stubClient, { input: await book(() => undefined), output: path.join(dir, 'out.epub'), overwritePoor: false, allowDrafts: false, concurrency: 1 }, { err: () => undefined });
    expect(described.sort()).toEqual(['boat.jpg fr', 'catch-chart.png en', 'harbour.png en']);
    const withNbsp = await book((files) => replaceIn(files, 'OEBPS/text/chapter1.xhtml', 'Every spring', 'Every&nbsp;spring'));
    const out: string[] = [];
    expect(await epubLint(withNbsp, {}, { out: (text) => void out.push(text), err: () => undefined })).toBe(1);
    expect(out.at(-1)).toBe('2 content documents, 5 images: 3 errors, 0 warnings.');
    expect(CHAPTER).toContain('xml:lang="fr"');
  });
});
