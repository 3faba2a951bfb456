import { LRUCache } from 'lru-cache';

/**
 * A bounded in-process cache with a per-entry time to live, on the `lru-cache` package (the one LRU
 * of the code base). Used only in front of data whose source of truth is the database: losing an
 * entry (eviction, restart) costs a query, never correctness.
 */
export interface LruCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  /** Removes every entry the predicate matches (invalidation by something other than the key). */
  deleteWhere(predicate: (value: V, key: K) => boolean): void;
  clear(): void;
  readonly size: number;
}

// NonNullable: the package keeps no undefined or null keys or values.
export function createLruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: {
  maxEntries: number;
  /** An entry this old is gone (a get from then on answers undefined). */
  ttlMs: number;
  now?: () => number;
}): LruCache<K, V> {
  const now = options.now ?? Date.now;
  const cache = new LRUCache<K, V>({
    max: options.maxEntries,
    // The package keeps an entry while its age is at most `ttl`; ours is gone at ttlMs exactly, so
    // "remembered for at most 5 s" stays true on a millisecond clock.
    ttl: Math.max(1, options.ttlMs - 1),
    // The package treats a start time of 0 as "no expiry"; shifting the clock by one keeps a test
    // clock that starts at 0 honest and changes no age.
    perf: { now: () => now() + 1 },
    // Read the injected clock on every check instead of once per millisecond of real time.
    ttlResolution: 0,
  });

  return {
    get: (key) => cache.get(key),
    set: (key, value) => void cache.set(key, value),
    delete: (key) => void cache.delete(key),
    deleteWhere(predicate) {
      for (const [key, value] of cache.entries()) if (predicate(value, key)) cache.delete(key);
    },
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
