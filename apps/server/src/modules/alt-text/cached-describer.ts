import type { AltTextDescription, AltTextEngine, DescribeOptions, ImageSource, RawImage } from '@altwise/engine';
import { createLruCache } from '../../platform/lru-cache';
import type { AltTextCacheRepository } from './alt-text-cache.repository';

export interface Described extends AltTextDescription {
  /** True when the answer came from alt_text_cache and no model was called. */
  cached: boolean;
}

/**
 * In front of the alt_text_cache table (the source of truth, shared by every instance): bounded,
 * and with a TTL so an entry another instance regenerated is picked up here within minutes (both
 * answers describe the very same bytes; `regenerate` here always refreshes both).
 */
export interface MemoryCacheOptions {
  maxEntries: number;
  ttlMs: number;
}
const DEFAULT_MEMORY_CACHE: MemoryCacheOptions = { maxEntries: 2_000, ttlMs: 5 * 60_000 };

/** Shared by every hit from memory, so nobody may change it. */
function frozen(description: AltTextDescription): AltTextDescription {
  for (const issue of description.issues) Object.freeze(issue);
  Object.freeze(description.issues);
  return Object.freeze(description);
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
 * read → (cache) → load → describe, with the engine's cache key (SHA-256 of the original bytes plus
 * provider, model, language, maxLength and context). URLs and uploads alike are keyed before any
 * decoding: `readImage` fetches (SSRF guard, byte cap), checks the magic bytes and hashes, and a
 * hit ends there. Skipping the decode on a hit is safe because an entry exists only for bytes that
 * were fully loaded (pixel limit, decode) and described before, and identical bytes (same SHA-256)
 * pass or fail those checks identically. On a miss the read bytes are loaded, not fetched again.
 * `regenerate` skips the lookup and refreshes the entry.
 */
export function createCachedDescriber(
  engine: AltTextEngine,
  cache: AltTextCacheRepository,
  now: () => number,
  memoryOptions: MemoryCacheOptions = DEFAULT_MEMORY_CACHE,
) {
  // Concurrent requests for the same uncached image share one model call (batches with repeats).
  const inFlight = new Map<string, Promise<AltTextDescription>>();
  // Hits of a repeated image cost a hash and a Map lookup, not a query. Entries are immutable
  // answers for immutable keys, handed out as copies.
  const memory = createLruCache<string, AltTextDescription>(memoryOptions);

  async function lookup(key: string, regenerate: boolean): Promise<Described | undefined> {
    if (regenerate) return undefined;
    const remembered = memory.get(key);
    if (remembered) return { ...remembered, cached: true };
    const hit = parseCached(await cache.find(key));
    if (!hit) return undefined;
    memory.set(key, frozen(hit));
    return { ...hit, cached: true };
  }

  async function fresh(key: string, raw: RawImage, options: DescribeOptions, regenerate: boolean) {
    const pending = !regenerate && inFlight.get(key);
    if (pending) return { ...(await pending), cached: false };
    const work = (async () => {
      const description = await engine.describe(await engine.loadImage({ raw }), options);
      await cache.save(key, JSON.stringify(description), now());
      memory.set(key, frozen(description));
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

    async describe(source: Exclude<ImageSource, { raw: RawImage }>, options: DescribeOptions, regenerate = false): Promise<Described> {
      const raw = await engine.readImage(source);
      const key = engine.cacheKey(raw, options);
      return (await lookup(key, regenerate)) ?? fresh(key, raw, options, regenerate);
    },
  };
}

export type CachedDescriber = ReturnType<typeof createCachedDescriber>;
