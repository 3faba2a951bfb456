import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createAltTextCacheRepository(db: Kysely<Database>) {
  return {
    async find(cacheKey: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('alt_text_cache')
        .select('result')
        .where('cache_key', '=', cacheKey)
        .executeTakeFirst();
      return row?.result;
    },

    /** Upsert: a regenerated answer replaces the cached one. */
    async save(cacheKey: string, result: string, at: number): Promise<void> {
      await db
        .insertInto('alt_text_cache')
        .values({ cache_key: cacheKey, result, created_at: at })
        .onConflict((oc) => oc.column('cache_key').doUpdateSet({ result, created_at: at }))
        .execute();
    },
  };
}

export type AltTextCacheRepository = ReturnType<typeof createAltTextCacheRepository>;
