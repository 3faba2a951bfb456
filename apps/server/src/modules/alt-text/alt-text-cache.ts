import type { AltTextDescription, DescriptionCache } from '@altwise/engine';
import { isDatabaseUnavailable } from '../../db/database';
import { createLruCache } from '../../platform/lru-cache';
import type { AltTextCacheRepository } from './alt-text-cache.repository';

/**
 * In front of the alt_text_cache table (the source of truth, shared by every instance): bounded,
 * and with a TTL so an entry another instance regenerated is picked up here within minutes (both
 * answers describe the very same bytes; a regeneration here always refreshes both).
 */
export interface MemoryCacheOptions {
  maxEntries: number;
  ttlMs: number;
}
const DEFAULT_MEMORY_CACHE: MemoryCacheOptions = { maxEntries: 2_000, ttlMs: 5 * 60_000 };

/**
 * Cache scopes (the engine's `cacheScope`, issue 18 row 7): an account reuses only its own answers
 * and the public demo only the demo's, so neither `cached`, tries nor timing tells one caller what
 * another described. The prefixes keep an account id from ever naming the demo's scope.
 */
const ACCOUNT_SCOPE_PREFIX = 'user:';
export const DEMO_CACHE_SCOPE = 'demo';
export const accountCacheScope = (userId: string): string => `${ACCOUNT_SCOPE_PREFIX}${userId}`;
/** The owner stored with an entry: the account of an account scope, none for the demo's. */
const ownerOf = (scope: string | undefined): string | null =>
  scope?.startsWith(ACCOUNT_SCOPE_PREFIX) ? scope.slice(ACCOUNT_SCOPE_PREFIX.length) : null;

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
 * The engine's cache port (docs/architecture.md#the-alt-text-engine), as this server keeps it: the alt_text_cache table with a
 * memory in front, so the hits of a repeated image cost a Map lookup, not a query. The engine owns
 * the key and the order of the stages; this owns only where entries live.
 */
export function createAltTextCache(
  table: Pick<AltTextCacheRepository, 'find' | 'save'>,
  now: () => number,
  memoryOptions: MemoryCacheOptions = DEFAULT_MEMORY_CACHE,
): DescriptionCache {
  // Entries are immutable answers for immutable keys.
  const memory = createLruCache<string, AltTextDescription>({ ...memoryOptions, now });
  return {
    async find(key) {
      const remembered = memory.get(key);
      if (remembered) return remembered;
      const stored = parseCached(await table.find(key, now()));
      if (stored) memory.set(key, frozen(stored));
      return stored;
    },

    async save(key, description, scope) {
      memory.set(key, frozen(description));
      try {
        await table.save(key, JSON.stringify(description), now(), ownerOf(scope));
      } catch (error) {
        // An answer already paid for goes back to its caller even when the database cannot store it
        // right now (issue 20): a lost cache entry costs a later miss; a failed describe, a second
        // model call for the same image.
        if (!isDatabaseUnavailable(error)) throw error;
      }
    },
  };
}
