import { createHash } from 'node:crypto';
import type { AltTextDescription, AltTextEngine, DescribeOptions, ImageSource, LoadedImage } from '@altwise/engine';
import type { AltTextCacheRepository } from './alt-text-cache.repository';

export interface Described extends AltTextDescription {
  /** True when the answer came from alt_text_cache and no model was called. */
  cached: boolean;
}

function parseCached(json: string | undefined): AltTextDescription | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as AltTextDescription;
    return typeof value.altText === 'string' && Array.isArray(value.issues) ? value : undefined;
  } catch {
    // A damaged entry is a miss; the fresh answer overwrites it.
    return undefined;
  }
}

/**
 * load → (cache) → describe, with the engine's cache key (SHA-256 of the original bytes plus
 * provider, model, language, maxLength and context). Uploaded bytes are keyed before any decoding,
 * so a hit costs one hash and one lookup; a URL must be fetched (and the engine inspects what it
 * fetched) before its bytes can be hashed. `regenerate` skips the lookup and refreshes the entry.
 */
export function createCachedDescriber(engine: AltTextEngine, cache: AltTextCacheRepository, now: () => number) {
  // Concurrent requests for the same uncached image share one model call (batches with repeats).
  const inFlight = new Map<string, Promise<AltTextDescription>>();

  async function lookup(key: string, regenerate: boolean): Promise<Described | undefined> {
    if (regenerate) return undefined;
    const hit = parseCached(await cache.find(key));
    return hit && { ...hit, cached: true };
  }

  async function fresh(key: string, load: () => Promise<LoadedImage>, options: DescribeOptions, regenerate: boolean) {
    const pending = !regenerate && inFlight.get(key);
    if (pending) return { ...(await pending), cached: false };
    const work = (async () => {
      const description = await engine.describe(await load(), options);
      await cache.save(key, JSON.stringify(description), now());
      return description;
    })();
    inFlight.set(key, work);
    try {
      return { ...(await work), cached: false };
    } finally {
      if (inFlight.get(key) === work) inFlight.delete(key);
    }
  }

  return {
    provider: engine.provider,

    async describe(source: ImageSource, options: DescribeOptions, regenerate = false): Promise<Described> {
      if ('bytes' in source) {
        const sha256 = createHash('sha256').update(source.bytes).digest('hex');
        const key = engine.cacheKey({ sha256 }, options);
        return (await lookup(key, regenerate)) ?? fresh(key, () => engine.loadImage(source), options, regenerate);
      }
      // A URL: the bytes are what is keyed, so the loaded image is reused on a miss.
      const image = await engine.loadImage(source);
      const key = engine.cacheKey(image, options);
      return (await lookup(key, regenerate)) ?? fresh(key, async () => image, options, regenerate);
    },
  };
}

export type CachedDescriber = ReturnType<typeof createCachedDescriber>;
