/**
 * A small in-process LRU with a per-entry time to live. A Map keeps insertion order, so the first
 * key is the least recently used once every hit re-inserts its key. Used only in front of data
 * whose source of truth is the database: losing an entry (eviction, restart) costs a query, never
 * correctness.
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

export function createLruCache<K, V>(options: { maxEntries: number; ttlMs: number; now?: () => number }): LruCache<K, V> {
  const { maxEntries, ttlMs } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: V; expiresAt: number }>();

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },

    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },

    delete(key) {
      entries.delete(key);
    },

    deleteWhere(predicate) {
      for (const [key, entry] of entries) if (predicate(entry.value, key)) entries.delete(key);
    },

    clear() {
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
