import type { Executor } from '../../db/executor';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Insertable } from 'kysely';
import type { ApiKeyRevealsTable, ApiKeysTable, Database } from '../../db/schema';

export type ApiKeyRow = Selectable<ApiKeysTable>;

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

export function createApiKeyRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores an active key in a free place of its account (1..places); false when every place is
     * taken. The unique (user_id, active_slot) index decides races: a create that loses a place to
     * another tries a remaining one, so concurrent creates fill exactly `places` keys.
     */
    async insertInFreePlace(row: Omit<ApiKeyRow, 'active_slot'>, places: number, onInserted?: (trx: Transaction<Database>) => Promise<void>): Promise<boolean> {
      for (;;) {
        const taken = await db
          .selectFrom('api_keys')
          .select('active_slot')
          .where('user_id', '=', row.user_id)
          .where('active_slot', 'is not', null)
          .execute();
        const used = new Set(taken.map((key) => Number(key.active_slot)));
        const free = Array.from({ length: places }, (_, index) => index + 1).filter((place) => !used.has(place));
        if (free.length === 0) return false;
        // A random free place, so racing creates seldom pick the same one.
        const place = free[Math.floor(Math.random() * free.length)]!;
        try {
          // One transaction per attempt (a unique violation ends it): the key and its webhook event together.
          await db.transaction().execute(async (trx) => {
            await trx.insertInto('api_keys').values({ ...row, active_slot: place }).execute();
            await onInserted?.(trx);
          });
          return true;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
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

    findActiveOfUser: (id: string, userId: string) =>
      db
        .selectFrom('api_keys')
        .select(['id', 'key_ciphertext'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    async recordReveal(row: Insertable<ApiKeyRevealsTable>): Promise<void> {
      await db.insertInto('api_key_reveals').values(row).execute();
    },

    /** Reveals of this account's keys, newest first (the audit trail). */
    listReveals: (userId: string) =>
      db
        .selectFrom('api_key_reveals')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute(),

    /** Revokes an active key of this user; false when there is none (unknown, revoked or not theirs). */
    /** `onRevoked` runs in the revocation's transaction, with the key's name (its webhook event). */
    async revoke(id: string, userId: string, at: number, onRevoked?: (trx: Transaction<Database>, key: Pick<ApiKeyRow, 'name' | 'key_ciphertext'>) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const revoked = await trx
          .updateTable('api_keys')
          .set({ status: 'revoked', revoked_at: at, active_slot: null })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('status', '=', 'active')
          .returning(['name', 'key_ciphertext'])
          .executeTakeFirst();
        if (!revoked) return false;
        await onRevoked?.(trx, revoked);
        return true;
      });
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

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('api_key_reveals').where('user_id', '=', userId).execute();
      await trx.deleteFrom('api_keys').where('user_id', '=', userId).execute();
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
