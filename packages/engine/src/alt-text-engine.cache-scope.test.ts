import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAltTextEngine } from './alt-text-engine';
import type { AltTextDescription, DescriptionCache } from './description';
import type { VisionProvider } from './providers/vision-provider';

/** A model that counts its calls and answers only once `open` is called. */
function gatedProvider() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const calls = { model: 0 };
  const provider: VisionProvider = {
    name: 'openai-compatible',
    model: 'scoped-1',
    preparation: { maxEdge: 64, format: 'jpeg', quality: 70 },
    async describe() {
      calls.model += 1;
      await gate;
      return { altText: `A blue square, answer ${calls.model}`, isDecorative: false, containsText: false };
    },
  };
  return { provider, calls, open: () => open() };
}

/** The cache port as a Map that also records the scope each save was made for. */
function scopedCache() {
  const entries = new Map<string, { description: AltTextDescription; scope?: string }>();
  const cache: DescriptionCache = {
    find: async (key) => entries.get(key)?.description,
    save: async (key, description, scope) => void entries.set(key, { description, scope }),
  };
  return { cache, entries };
}

describe('cacheScope', () => {
  it('shares entries and concurrent work only within a scope, and tells the cache whose entry it saves', async () => {
    const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 10, g: 20, b: 230 } } }).png().toBuffer();
    const { provider, calls, open } = gatedProvider();
    const { cache, entries } = scopedCache();
    const engine = createAltTextEngine({ provider, cache, ocr: false });

    // Two accounts at once on the same bytes and options: two model calls, not one shared.
    const a = engine.describe({ bytes }, { context: 'Launch slide' }, { cacheScope: 'account-a' });
    const b = engine.describe({ bytes }, { context: 'Launch slide' }, { cacheScope: 'account-b' });
    await expect.poll(() => calls.model).toBe(2);
    open();
    expect((await a).cached).toBe(false);
    expect((await b).cached).toBe(false);
    expect([...entries.values()].map((entry) => entry.scope).sort()).toEqual(['account-a', 'account-b']);

    // Each hits its own entry; a third scope describes afresh.
    expect((await engine.describe({ bytes }, { context: 'Launch slide' }, { cacheScope: 'account-a' })).cached).toBe(true);
    expect((await engine.describe({ bytes }, { context: 'Launch slide' }, { cacheScope: 'demo' })).cached).toBe(false);
    expect(calls.model).toBe(3);
  });
});
