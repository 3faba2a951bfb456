import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { bombPng, redSquarePng } from '../../test/image-fixtures';
import { loadImage, readImage } from './image-loader';
import { failureCode } from '../../test/engine-errors';

let host: ImageHost;
let red: Buffer;

beforeAll(async () => {
  red = await redSquarePng();
  host = await startImageHost({
    '/photos/red%20square.png': { body: red, contentType: 'image/png' },
    '/served-as-png.png': { body: 'this is plain text, whatever the header says', contentType: 'image/png' },
    '/bomb.png': { body: bombPng(), contentType: 'image/png' },
    '/jpeg-labelled-gif': { body: red, contentType: 'image/gif' },
  });
});
afterAll(() => host.close());

describe('loadImage', () => {
  it('loads a URL into bytes, facts, metadata, hash and a file name hint', async () => {
    const loaded = await loadImage(
      { url: `${host.url}/photos/red%20square.png` },
      { allow: [host.hostPort] },
    );
    expect(loaded).toMatchObject({
      type: 'png',
      width: 64,
      height: 64,
      fileName: 'red square.png',
      metadata: {},
    });
    expect(loaded.sha256).toBe(createHash('sha256').update(red).digest('hex'));
    expect(loaded.bytes.equals(red)).toBe(true);
  });

  it('decides the type from bytes, not from Content-Type', async () => {
    const options = { allow: [host.hostPort] };
    expect(await failureCode(loadImage({ url: `${host.url}/served-as-png.png` }, options))).toBe(
      'unsupported_type',
    );
    expect((await loadImage({ url: `${host.url}/jpeg-labelled-gif` }, options)).type).toBe('png');
  });

  it('refuses a decompression bomb fetched by URL', async () => {
    expect(await failureCode(loadImage({ url: `${host.url}/bomb.png` }, { allow: [host.hostPort] }))).toBe(
      'too_many_pixels',
    );
  });

  it('skips only the fetch for uploaded bytes: the byte cap still applies', async () => {
    expect(await failureCode(loadImage({ bytes: red }, { maxBytes: 100 }))).toBe('too_large');
  });

  it('skips only the fetch for uploaded bytes: type and pixel checks still apply', async () => {
    expect(await failureCode(loadImage({ bytes: Buffer.from('GIF87a but not really') }))).toBe('undecodable');
    expect(await failureCode(loadImage({ bytes: Buffer.from('%PDF-1.7') }))).toBe('unsupported_type');
    expect(await failureCode(loadImage({ bytes: bombPng() }))).toBe('too_many_pixels');
    expect(await failureCode(loadImage({ bytes: Buffer.alloc(0) }))).toBe('undecodable');
  });

  it('calls a file with a valid signature but a broken body undecodable: the one decode is the check', async () => {
    const broken = Buffer.concat([red.subarray(0, 40), Buffer.alloc(60, 0xab)]);
    expect(await failureCode(loadImage({ bytes: broken }))).toBe('undecodable');
  });

  it('prepares the image once, for the provider, while loading', async () => {
    const loaded = await loadImage({ bytes: red }, { preparation: { maxEdge: 16, format: 'png' } });
    expect(loaded.prepared).toMatchObject({ mediaType: 'image/png', width: 16, height: 16 });
    expect(loaded.preparedFor).toEqual({ maxEdge: 16, format: 'png' });
  });

  it('reads, caps, types and hashes without decoding, and loads from what it read', async () => {
    const broken = Buffer.concat([red.subarray(0, 40), Buffer.alloc(60, 0xab)]);
    // Not decoded yet, so a broken body still reads; only loading it finds out.
    const raw = await readImage({ bytes: broken, fileName: 'broken.png' });
    expect(raw).toMatchObject({ type: 'png', fileName: 'broken.png' });
    expect(raw.sha256).toBe(createHash('sha256').update(broken).digest('hex'));
    expect(await failureCode(loadImage({ raw }))).toBe('undecodable');
    expect(await failureCode(readImage({ bytes: Buffer.from('%PDF-1.7') }))).toBe('unsupported_type');
    expect(await failureCode(readImage({ bytes: red }, { maxBytes: 100 }))).toBe('too_large');
    const fetched = await readImage({ url: `${host.url}/photos/red%20square.png` }, { allow: [host.hostPort] });
    expect(fetched).toMatchObject({ type: 'png', fileName: 'red square.png', sourceUrl: `${host.url}/photos/red%20square.png` });
    expect((await loadImage({ raw: fetched })).width).toBe(64);
  });

  it('keeps the uploaded file name', async () => {
    const loaded = await loadImage({ bytes: new Uint8Array(red), fileName: 'logo-final.png' });
    expect(loaded.fileName).toBe('logo-final.png');
    expect(loaded.sourceUrl).toBeUndefined();
  });
});
