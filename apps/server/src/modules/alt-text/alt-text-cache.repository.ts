import type { Kysely } from 'kysely';
import { DAY_MS } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

export function createAltTextCacheRepository(db: Kysely<Database>) {
  return {
    /** A hit marks the entry used (at most once a day, and without making the hit wait). */
    async find(cacheKey: string, at: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('alt_text_cache')
        .select(['result', 'used_at'])
        .where('cache_key', '=', cacheKey)
        .executeTakeFirst();
      if (row && (row.used_at === null || Number(row.used_at) < at - DAY_MS)) {
        void db.updateTable('alt_text_cache').set({ used_at: at }).where('cache_key', '=', cacheKey).execute().catch(() => undefined);
      }
      return row?.result;
    },

    /** Retention: entries nobody read since `before`. */
    async deleteUnusedSince(trx: Executor, before: number): Promise<void> {
      await trx
        .deleteFrom('alt_text_cache')
        .where((eb) => eb.or([eb('used_at', '<', before), eb.and([eb('used_at', 'is', null), eb('created_at', '<', before)])]))
        .execute();
    },

    /**
     * Upsert: a regenerated answer replaces the cached one. `userId` is the entry's owner (its scope
     * is in the key already), null for the public demo's.
     */
    async save(cacheKey: string, result: string, at: number, userId: string | null): Promise<void> {
      await db
        .insertInto('alt_text_cache')
        .values({ cache_key: cacheKey, result, created_at: at, user_id: userId })
        .onConflict((oc) => oc.column('cache_key').doUpdateSet({ result, created_at: at }))
        .execute();
    },

    /** Account deletion: the account's entries, in its transaction. */
    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('alt_text_cache').where('user_id', '=', userId).execute();
    },
  };
}

export type AltTextCacheRepository = ReturnType<typeof createAltTextCacheRepository>;
