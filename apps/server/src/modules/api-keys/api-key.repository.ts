import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export function createApiKeyRepository(db: Kysely<Database>) {
  return {
    async insert(row: ApiKeyRow): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },

    /** The hot path of every X-API-Key request: one lookup on the unique key_hash index. */
    findActiveByHash: (keyHash: string) =>
      db
        .selectFrom('api_keys')
        .select(['id', 'user_id', 'last_used_at'])
        .where('key_hash', '=', keyHash)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    /** Oldest first, so "the account's first active key" stays the same key as others are added. */
    listActive: (userId: string) =>
      db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute(),

    async countActive(userId: string): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('api_keys').where('id', '=', id).execute();
    },

    /** Revokes an active key of this user; false when there is none (unknown, revoked or not theirs). */
    async revoke(id: string, userId: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set({ status: 'revoked', revoked_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Records use unless already recorded since `notBefore` (concurrent requests write once). */
    async touch(id: string, at: number, notBefore: number): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notBefore)]))
        .execute();
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.deleteFrom('api_keys').where('user_id', '=', userId).execute();
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
