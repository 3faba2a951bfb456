// altwise fill --write-metadata against a real server (embed: "iptc", exiftool) with the fake model:
// fields read back by exiftool, pixels unchanged, a person's field kept, a backup, a dry run.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Altwise } from '@altwise/sdk';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { BACKUP_SUFFIX, existingAltText, writeMetadata } from '../src/fill/write-metadata';

const altTextOf = (file: string) => JSON.parse(execFileSync('exiftool', ['-config', '', '-j', '-XMP-iptcCore:AltTextAccessibility', file], { encoding: 'utf8' }))[0].AltTextAccessibility as string | undefined;
// From a buffer: the in-process server restricts sharp to its buffer loaders.
const pixels = async (file: string) => createHash('sha256').update(await sharp(fs.readFileSync(file)).raw().toBuffer()).digest('hex');
const xmp = (alt: string) =>
  `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:Iptc4xmpCore="http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/"><Iptc4xmpCore:AltTextAccessibility><rdf:Alt><rdf:li xml:lang="x-default">${alt}</rdf:li></rdf:Alt></Iptc4xmpCore:AltTextAccessibility></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const photo = (shade: number) => sharp({ create: { width: 48, height: 32, channels: 3, background: { r: shade, g: 100, b: 200 - shade } } });

describe('altwise fill --write-metadata', () => {
  let vision: FakeVisionServer;
  let server: TestServer;
  let client: Altwise;
  let dir: string;
  const quiet = { out: () => undefined };

  beforeAll(async () => {
    vision = await startFakeVisionServer({ reply: () => ({ altText: 'Two fishing boats moored by a stone pier' }) });
    server = await startTestServer('sqlite', { ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'test' });
    const { token } = await registerUser(server);
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    client = new Altwise({ apiKey, baseUrl: server.url });
  });
  afterAll(async () => {
    await server.close();
    await vision.close();
  });
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-metadata-'));
    fs.mkdirSync(path.join(dir, 'photos'));
    await photo(10).withExif({ IFD0: { Artist: 'Jane Roe' } }).jpeg().toFile(path.join(dir, 'photos/harbour.jpg'));
    await photo(60).withXmp(xmp('A quiet harbour at dawn')).png().toFile(path.join(dir, 'photos/by-a-person.png'));
    await photo(90).withXmp(xmp('IMG_1234.webp')).webp().toFile(path.join(dir, 'photos/poor.webp'));
    fs.writeFileSync(path.join(dir, 'photos/notes.jpg'), 'not a picture at all');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes AltTextAccessibility into each file in place, pixels unchanged, a backup kept; a person\'s field stays', async () => {
    const before = await pixels(path.join(dir, 'photos/harbour.jpg'));
    const original = fs.readFileSync(path.join(dir, 'photos/harbour.jpg'));
    const report = await writeMetadata(client, { paths: ['photos'], cwd: dir, dryRun: false, overwritePoor: false, allowDrafts: false }, quiet);
    expect(report.written).toEqual(['photos/harbour.jpg']);
    expect(report.skipped.map((entry) => entry.file).sort()).toEqual(['photos/by-a-person.png', 'photos/notes.jpg', 'photos/poor.webp']);
    expect(altTextOf(path.join(dir, 'photos/harbour.jpg'))).toBe('Two fishing boats moored by a stone pier');
    expect(await pixels(path.join(dir, 'photos/harbour.jpg'))).toBe(before);
    expect(fs.readFileSync(path.join(dir, `photos/harbour.jpg${BACKUP_SUFFIX}`)).equals(original)).toBe(true);
    expect(altTextOf(path.join(dir, 'photos/by-a-person.png'))).toBe('A quiet harbour at dawn');
  });

  it('--metadata-suffix marks the machine text in the file', async () => {
    await writeMetadata(client, { paths: ['photos/harbour.jpg'], cwd: dir, dryRun: false, overwritePoor: false, allowDrafts: false, suffix: '(AI-generated)' }, quiet);
    expect(altTextOf(path.join(dir, 'photos/harbour.jpg'))).toBe('Two fishing boats moored by a stone pier (AI-generated)');
  });

  it('--overwrite-poor replaces only a field the checker finds an error in (a file name); --dry-run writes nothing', async () => {
    const dry = await writeMetadata(client, { paths: ['photos'], cwd: dir, dryRun: true, overwritePoor: true, allowDrafts: false }, quiet);
    expect(dry.written.sort()).toEqual(['photos/harbour.jpg', 'photos/poor.webp']);
    expect(altTextOf(path.join(dir, 'photos/poor.webp'))).toBe('IMG_1234.webp');
    expect(fs.existsSync(path.join(dir, `photos/poor.webp${BACKUP_SUFFIX}`))).toBe(false);

    await writeMetadata(client, { paths: ['photos/poor.webp', 'photos/by-a-person.png'], cwd: dir, dryRun: false, overwritePoor: true, allowDrafts: false }, quiet);
    expect(altTextOf(path.join(dir, 'photos/poor.webp'))).toBe('Two fishing boats moored by a stone pier');
    expect(altTextOf(path.join(dir, 'photos/by-a-person.png'))).toBe('A quiet harbour at dawn');
    expect(existingAltText(fs.readFileSync(path.join(dir, 'photos/poor.webp')))).toBe('Two fishing boats moored by a stone pier');
  });
});
