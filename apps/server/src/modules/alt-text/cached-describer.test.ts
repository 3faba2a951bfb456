import type { AltTextEngine, VisionProvider } from '@altwise/engine';
import { createAltTextEngine } from '@altwise/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '../../../../../test-utils/image-host';
import { startImageHost } from '../../../../../test-utils/image-host';
import type { AltTextCacheRepository } from './alt-text-cache.repository';
import { distinctPng } from './alt-text.test-support';
import { createCachedDescriber } from './cached-describer';

/** The alt_text_cache table as a Map, counting the queries a describer makes. */
function countingCache() {
  const rows = new Map<string, string>();
  const calls = { find: 0, save: 0 };
  const repository: AltTextCacheRepository = {
    async find(key) {
      calls.find += 1;
      return rows.get(key);
    },
    async save(key, result) {
      calls.save += 1;
      rows.set(key, result);
    },
  };
  return { rows, calls, repository };
}

/** An engine whose model and decoder count their calls. */
function countingEngine(host?: ImageHost) {
  const calls = { model: 0, load: 0 };
  const provider: VisionProvider = {
    name: 'openai-compatible',
    model: 'counting-1',
    preparation: { maxEdge: 64, format: 'jpeg', quality: 70 },
    async describe() {
      calls.model += 1;
      return { altText: `A square, answer ${calls.model}`, isDecorative: false, containsText: false };
    },
  };
  const real = createAltTextEngine({ provider, fetch: host ? { allow: [host.hostPort] } : undefined });
  const engine: AltTextEngine = {
    ...real,
    loadImage: (source, signal) => {
      calls.load += 1;
      return real.loadImage(source, signal);
    },
  };
  return { engine, calls };
}

let host: ImageHost;
beforeAll(async () => {
  host = await startImageHost();
});
afterAll(() => host.close());

describe('createCachedDescriber', () => {
  it('answers a repeated image from memory: no query, no decode, no model', async () => {
    const cache = countingCache();
    const { engine, calls } = countingEngine();
    const describer = createCachedDescriber(engine, cache.repository, Date.now);
    const bytes = await distinctPng();

    const first = await describer.describe({ bytes }, { language: 'en' });
    expect(first).toMatchObject({ cached: false, altText: 'A square, answer 1' });
    expect({ ...calls, ...cache.calls }).toEqual({ model: 1, load: 1, find: 1, save: 1 });

    const second = await describer.describe({ bytes }, { language: 'en' });
    expect(second).toMatchObject({ cached: true, altText: 'A square, answer 1' });
    expect({ ...calls, ...cache.calls }).toEqual({ model: 1, load: 1, find: 1, save: 1 });
  });

  it('keys by bytes read from a URL before decoding anything', async () => {
    const cache = countingCache();
    const { engine, calls } = countingEngine(host);
    const describer = createCachedDescriber(engine, cache.repository, Date.now);
    host.set('/square.png', { body: await distinctPng(), contentType: 'image/png' });
    await describer.describe({ url: `${host.url}/square.png` }, {});
    const hit = await describer.describe({ url: `${host.url}/square.png` }, {});
    expect(hit.cached).toBe(true);
    // Fetched twice (a URL's bytes can change), decoded once.
    expect(host.hits('/square.png')).toBe(2);
    expect(calls).toEqual({ model: 1, load: 1 });
  });

  it('falls back to the table, the source of truth, and remembers what it found', async () => {
    const cache = countingCache();
    const bytes = await distinctPng();
    await createCachedDescriber(countingEngine().engine, cache.repository, Date.now).describe({ bytes }, {});

    // Another process (or this one after a restart): empty memory, same table.
    const { engine, calls } = countingEngine();
    const describer = createCachedDescriber(engine, cache.repository, Date.now);
    const findsBefore = cache.calls.find;
    expect((await describer.describe({ bytes }, {})).cached).toBe(true);
    expect((await describer.describe({ bytes }, {})).cached).toBe(true);
    expect(cache.calls.find - findsBefore).toBe(1);
    expect(calls).toEqual({ model: 0, load: 0 });
  });

  it('regenerates past memory and table, and serves the new answer afterwards', async () => {
    const cache = countingCache();
    const { engine, calls } = countingEngine();
    const describer = createCachedDescriber(engine, cache.repository, Date.now);
    const bytes = await distinctPng();
    await describer.describe({ bytes }, {});
    const regenerated = await describer.describe({ bytes }, {}, true);
    expect(regenerated).toMatchObject({ cached: false, altText: 'A square, answer 2' });
    expect((await describer.describe({ bytes }, {})).altText).toBe('A square, answer 2');
    expect(calls.model).toBe(2);
    expect(JSON.parse([...cache.rows.values()][0]!).altText).toBe('A square, answer 2');
  });

  it('forgets entries past the memory bound without losing them', async () => {
    const cache = countingCache();
    const { engine, calls } = countingEngine();
    const describer = createCachedDescriber(engine, cache.repository, Date.now, { maxEntries: 1, ttlMs: 60_000 });
    const [a, b] = [await distinctPng(), await distinctPng()];
    await describer.describe({ bytes: a }, {});
    await describer.describe({ bytes: b }, {});
    const findsBefore = cache.calls.find;
    expect((await describer.describe({ bytes: a }, {})).cached).toBe(true);
    expect(cache.calls.find - findsBefore).toBe(1);
    expect(calls.model).toBe(2);
  });

  it('hands out answers nobody can change for the next caller', async () => {
    const { engine } = countingEngine();
    const describer = createCachedDescriber(engine, countingCache().repository, Date.now);
    const bytes = await distinctPng();
    await describer.describe({ bytes }, {});
    const hit = await describer.describe({ bytes }, {});
    expect(() => (hit.issues as unknown[]).push('tampered')).toThrow(TypeError);
    expect((await describer.describe({ bytes }, {})).issues).not.toContain('tampered');
  });
});
