/**
 * A key-value store as a Map that counts its lookups and saves: stands in for a cache port or its
 * table, so a test can say how many queries a hit or a miss cost.
 */
export function countingStore<V>() {
  const entries = new Map<string, V>();
  const calls = { find: 0, save: 0 };
  return {
    entries,
    calls,
    async find(key: string): Promise<V | undefined> {
      calls.find += 1;
      return entries.get(key);
    },
    async save(key: string, value: V): Promise<void> {
      calls.save += 1;
      entries.set(key, value);
    },
  };
}
