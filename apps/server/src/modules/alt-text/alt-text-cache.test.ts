import type { AltTextDescription } from '@altwise/engine';
import { describe, expect, it } from 'vitest';
import { countingStore } from '@altwise/test-support/counting-store';
import { createAltTextCache } from './alt-text-cache';

/** The alt_text_cache table as a Map, counting the queries made. */
function countingTable() {
  const table = countingStore<string>();
  return { rows: table.entries, calls: table.calls, table };
}

function description(altText: string): AltTextDescription {
  return {
    altText,
    isDecorative: false,
    containsText: false,
    wcagCompliant: true,
    verification: 'model',
    issues: [{ id: 'too-long', severity: 'warning', message: 'Long' }],
    provider: 'openai-compatible',
    model: 'counting-1',
    tries: 1,
  };
}

const MINUTE = 60_000;

describe('createAltTextCache (the engine cache port over alt_text_cache)', () => {
  it('answers a saved entry from memory, without a query', async () => {
    const { table, calls } = countingTable();
    const cache = createAltTextCache(table, () => 0);
    await cache.save('k', description('A red square'));
    expect(await cache.find('k')).toMatchObject({ altText: 'A red square' });
    expect(await cache.find('k')).toMatchObject({ altText: 'A red square' });
    expect(calls).toEqual({ find: 0, save: 1 });
  });

  it('falls back to the table, the source of truth, and remembers what it found', async () => {
    const { table, calls } = countingTable();
    await createAltTextCache(table, () => 0).save('k', description('A red square'));
    // Another process (or this one after a restart): empty memory, same table.
    const cache = createAltTextCache(table, () => 0);
    expect(await cache.find('k')).toMatchObject({ altText: 'A red square', tries: 1 });
    expect(await cache.find('k')).toMatchObject({ altText: 'A red square' });
    expect(calls.find).toBe(1);
    expect(await cache.find('missing')).toBeUndefined();
  });

  it('replaces memory and table on a save (a regeneration)', async () => {
    const { table, rows } = countingTable();
    const cache = createAltTextCache(table, () => 0);
    await cache.save('k', description('First answer'));
    await cache.save('k', description('Second answer'));
    expect((await cache.find('k'))?.altText).toBe('Second answer');
    expect(JSON.parse(rows.get('k')!).altText).toBe('Second answer');
  });

  it('forgets entries past the memory bound or its time to live without losing them', async () => {
    const { table, calls } = countingTable();
    let now = 0;
    const cache = createAltTextCache(table, () => now, { maxEntries: 1, ttlMs: 5 * MINUTE });
    await cache.save('a', description('A'));
    await cache.save('b', description('B'));
    expect((await cache.find('a'))?.altText).toBe('A');
    expect(calls.find).toBe(1);
    // 'a' is remembered again; past its time to live it is read from the table once more.
    now += 5 * MINUTE;
    expect((await cache.find('a'))?.altText).toBe('A');
    expect(calls.find).toBe(2);
  });

  it('hands out answers nobody can change for the next caller', async () => {
    const { table } = countingTable();
    const cache = createAltTextCache(table, () => 0);
    await cache.save('k', description('A red square'));
    const hit = await cache.find('k');
    expect(() => (hit!.issues as unknown[]).push('tampered')).toThrow(TypeError);
    expect(() => Object.assign(hit!.issues[0]!, { message: 'tampered' })).toThrow(TypeError);
    expect((await cache.find('k'))?.issues).toEqual(description('').issues);
  });

  it('reads a damaged row as a miss', async () => {
    const { table, rows } = countingTable();
    rows.set('broken', '{"altText": ');
    rows.set('wrong', '{"text": "no altText"}');
    const cache = createAltTextCache(table, () => 0);
    expect(await cache.find('broken')).toBeUndefined();
    expect(await cache.find('wrong')).toBeUndefined();
  });
});
