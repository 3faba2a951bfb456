import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { countingStore } from '@altwise/test-support/counting-store';
import { failureCode } from '../test/engine-errors';
import { createAltTextEngine } from './alt-text-engine';
import { cacheKey } from './cache-key';
import type { AltTextDescription } from './description';
import type * as imageLoader from './image/image-loader';
import { loadImage } from './image/image-loader';
import type { VisionProvider } from './providers/vision-provider';

// Counts decodes: a cache hit must end after the read, before the image is loaded.
vi.mock('./image/image-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof imageLoader>();
  return { ...actual, loadImage: vi.fn(actual.loadImage) };
});
const decodes = () => vi.mocked(loadImage).mock.calls.length;

let colour = 0;
/** A small PNG no other test has used, so never a hit by accident. */
function distinctPng(): Promise<Buffer> {
  colour += 1;
  return sharp({ create: { width: 40, height: 40, channels: 3, background: { r: colour * 40, g: 90, b: 200 - colour } } })
    .png()
    .toBuffer();
}

/** The cache port as a Map, counting lookups and saves. */
const mapCache = () => countingStore<AltTextDescription>();

/** A model that counts its calls and, when gated, answers only once `open` is called. */
function countingProvider(options: { gated?: boolean } = {}) {
  let open: () => void = () => undefined;
  const gate = options.gated ? new Promise<void>((resolve) => (open = resolve)) : Promise.resolve();
  const calls = { model: 0 };
  const provider: VisionProvider = {
    name: 'openai-compatible',
    model: 'counting-1',
    preparation: { maxEdge: 64, format: 'jpeg', quality: 70 },
    async describe() {
      calls.model += 1;
      const answer = calls.model;
      await gate;
      return { altText: `A square, answer ${answer}`, isDecorative: false, containsText: false };
    },
  };
  return { provider, calls, open: () => open() };
}

let host: ImageHost;
beforeAll(async () => {
  host = await startImageHost();
});
afterAll(() => host.close());
beforeEach(() => {
  vi.mocked(loadImage).mockClear();
});

describe('the cache stage of the engine', () => {
  it('answers a repeated image from the cache: no decode, no model', async () => {
    const cache = mapCache();
    const { calls } = cache;
    const model = countingProvider();
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, cache });
    const bytes = await distinctPng();

    const first = await engine.describe({ bytes }, { language: 'en' });
    expect(first).toMatchObject({ cached: false, altText: 'A square, answer 1', tries: 1 });
    expect({ ...calls, model: model.calls.model, decodes: decodes() }).toEqual({ find: 1, save: 1, model: 1, decodes: 1 });

    const second = await engine.describe({ bytes }, { language: 'en' });
    expect(second).toMatchObject({ cached: true, altText: 'A square, answer 1' });
    // Both name the bytes they describe (the server keys its upload previews by it).
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect([first.sha256, second.sha256]).toEqual([sha256, sha256]);
    expect({ ...calls, model: model.calls.model, decodes: decodes() }).toEqual({ find: 2, save: 1, model: 1, decodes: 1 });
  });

  it('keys by the bytes read from a URL before decoding anything', async () => {
    const cache = mapCache();
    const model = countingProvider();
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, cache, fetch: { allow: [host.hostPort] } });
    host.set('/square.png', { body: await distinctPng(), contentType: 'image/png' });
    await engine.describe({ url: `${host.url}/square.png` });
    const hit = await engine.describe({ url: `${host.url}/square.png` });
    expect(hit.cached).toBe(true);
    // Fetched twice (a URL's bytes can change), decoded once, described once.
    expect(host.hits('/square.png')).toBe(2);
    expect({ model: model.calls.model, decodes: decodes() }).toEqual({ model: 1, decodes: 1 });
  });

  it('saves under the key of the bytes, file name, provider, model and every option that changes the answer', async () => {
    const cache = mapCache();
    const { entries } = cache;
    const engine = createAltTextEngine({ provider: countingProvider().provider, ocr: false, cache });
    const bytes = await distinctPng();
    const options = { context: 'Sea view', language: 'en-GB', maxLength: 100, keywords: ['tile'] };
    await engine.describe({ bytes, fileName: 'tile.png' }, options);
    await engine.describe({ bytes, fileName: 'tile.png' }, { ...options, maxLength: 90 });
    expect([...entries.keys()]).toEqual([
      cacheKey({ bytes, fileName: 'tile.png', provider: 'openai-compatible', model: 'counting-1', ...options }),
      cacheKey({ bytes, fileName: 'tile.png', provider: 'openai-compatible', model: 'counting-1', ...options, maxLength: 90 }),
    ]);
  });

  it('does not answer one file name with the suggestion made for another name of the same bytes', async () => {
    const cache = mapCache();
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false, cache });
    const bytes = await distinctPng();
    const hints = (result: { issues: Array<{ id: string; message: string }> }) =>
      result.issues.filter((issue) => issue.id === 'file-name-hint').map((issue) => issue.message);
    const bicycle = await engine.describe({ bytes, fileName: 'red-bicycle.png' });
    const meadow = await engine.describe({ bytes, fileName: 'sunny-meadow.png' });
    expect(hints(bicycle)).toEqual(['File name suggests: Red bicycle']);
    expect(meadow).toMatchObject({ cached: false });
    expect(hints(meadow)).toEqual(['File name suggests: Sunny meadow']);
    expect((await engine.describe({ bytes, fileName: 'sunny-meadow.png' })).cached).toBe(true);
  });

  it('does not answer a link image with the text written for the plain image', async () => {
    const cache = mapCache();
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false, cache });
    const bytes = await distinctPng();
    const plain = await engine.describe({ bytes });
    const link = await engine.describe({ bytes }, { purpose: { kind: 'link', href: '/pricing' } });
    expect(link).toMatchObject({ cached: false, altText: 'Pricing' });
    expect(plain.altText).not.toBe('Pricing');
  });

  it('regenerates past the cache and replaces the entry, which later generations get', async () => {
    const cache = mapCache();
    const { entries } = cache;
    const model = countingProvider();
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, cache });
    const bytes = await distinctPng();
    await engine.describe({ bytes });
    const regenerated = await engine.describe({ bytes }, {}, { regenerate: true });
    expect(regenerated).toMatchObject({ cached: false, altText: 'A square, answer 2' });
    expect(await engine.describe({ bytes })).toMatchObject({ cached: true, altText: 'A square, answer 2' });
    expect(model.calls.model).toBe(2);
    expect([...entries.values()].map((entry) => entry.altText)).toEqual(['A square, answer 2']);
  });

  it('lets concurrent generations of one uncached image share one model call; a regeneration shares none', async () => {
    const cache = mapCache();
    const { calls } = cache;
    const model = countingProvider({ gated: true });
    const engine = createAltTextEngine({ provider: model.provider, ocr: false, cache });
    const bytes = await distinctPng();
    const first = engine.describe({ bytes });
    const second = engine.describe({ bytes });
    // Both lookups missed while the model is still answering the first: the second waits on that work.
    await vi.waitFor(() => expect({ find: calls.find, model: model.calls.model }).toEqual({ find: 2, model: 1 }));
    const regenerated = engine.describe({ bytes }, {}, { regenerate: true });
    await vi.waitFor(() => expect(model.calls.model).toBe(2));
    model.open();
    const answers = await Promise.all([first, second, regenerated]);
    expect(answers.map((answer) => [answer.altText, answer.cached])).toEqual([
      ['A square, answer 1', false],
      ['A square, answer 1', false],
      ['A square, answer 2', false],
    ]);
    expect({ model: model.calls.model, save: calls.save }).toEqual({ model: 2, save: 2 });
  });

  it('caps the bytes per call below its own cap, never above it', async () => {
    const engine = createAltTextEngine({ provider: countingProvider().provider, ocr: false, fetch: { maxBytes: 4_000 } });
    const bytes = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(bytes.length).toBeGreaterThan(4_000);
    const small = await distinctPng();
    expect(small.length).toBeLessThan(4_000);
    expect(await failureCode(engine.describe({ bytes: small }, {}, { maxBytes: small.length - 1 }))).toBe('too_large');
    expect((await engine.describe({ bytes: small }, {}, { maxBytes: small.length })).cached).toBe(false);
    expect(await failureCode(engine.describe({ bytes }, {}, { maxBytes: bytes.length + 1 }))).toBe('too_large');
  });

  it('queues descriptions, never reads or hits', async () => {
    const queued: string[] = [];
    const engine = createAltTextEngine({
      provider: countingProvider().provider,
      ocr: false,
      cache: mapCache(),
      queue: (task) => {
        queued.push('description');
        return task();
      },
    });
    const bytes = await distinctPng();
    await engine.describe({ bytes });
    await engine.describe({ bytes });
    await expect(engine.describe({ bytes: Buffer.from('not an image') })).rejects.toThrow();
    expect(queued).toEqual(['description']);
  });
});
