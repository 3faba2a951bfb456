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

    /** Marks a live token used; false when another request rotated it first. */
    async rotate(id: string, replacedBy: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at, replaced_by: replacedBy })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
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

    async revokeAllForUser(userId: string, at: number): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
