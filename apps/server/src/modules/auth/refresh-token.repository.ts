import type { Executor } from '../../db/executor';
import type { Kysely, Selectable } from 'kysely';
import type { Database, RefreshTokensTable } from '../../db/schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export function createRefreshTokenRepository(db: Kysely<Database>) {
  return {
    findByHash: (tokenHash: string) =>
      db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    async insert(row: RefreshTokenRow): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },

    /**
     * Marks a live token used and stores its successor, in one transaction; false (and nothing
     * stored) when another request rotated it first. A concurrent reuse that revokes the family
     * therefore either sees the successor or finds the token still live: never a successor that
     * appears after the family was revoked.
     */
    rotate(id: string, next: RefreshTokenRow): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: next.created_at, replaced_by: next.id })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await trx.insertInto('refresh_tokens').values(next).execute();
        return true;
      });
    },

    async revoke(id: string, at: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeFamily(familyId: string, at: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Retention: tokens whose session ended (they can never be used again). */
    async deleteExpired(trx: Executor, at: number): Promise<void> {
      await trx.deleteFrom('refresh_tokens').where('session_expires_at', '<', at).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
