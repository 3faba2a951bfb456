import { describe, expect, it } from 'vitest';
import { createLruCache } from './lru-cache';

describe('createLruCache', () => {
  it('evicts the least recently used entry past its bound', () => {
    const cache = createLruCache<string, number>({ maxEntries: 2, ttlMs: 60_000 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets an entry after its time to live', () => {
    let now = 0;
    const cache = createLruCache<string, number>({ maxEntries: 10, ttlMs: 5_000, now: () => now });
    cache.set('a', 1);
    now = 4_999;
    expect(cache.get('a')).toBe(1);
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('deletes by key and by predicate', () => {
    const cache = createLruCache<string, { owner: string }>({ maxEntries: 10, ttlMs: 60_000 });
    cache.set('k1', { owner: 'ada' });
    cache.set('k2', { owner: 'ada' });
    cache.set('k3', { owner: 'bob' });
    cache.delete('k3');
    expect(cache.get('k3')).toBeUndefined();
    cache.deleteWhere((value) => value.owner === 'ada');
    expect(cache.size).toBe(0);
  });
});
