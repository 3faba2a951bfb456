import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, PasswordResetTokensTable } from '../../db/schema';

export type PasswordResetRow = Selectable<PasswordResetTokensTable>;

export function createPasswordResetRepository(db: Kysely<Database>) {
  return {
    async insert(row: PasswordResetRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('password_reset_tokens').values(row).execute();
    },

    /** A token that is neither used nor expired at `now`. */
    findLive: (tokenHash: string, now: number) =>
      db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Single use: of two requests presenting the same token, exactly one gets true. */
    async consume(id: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every other link of the account stops working once its password changed. */
    async retireAllForUser(userId: string, now: number, executor: Executor): Promise<void> {
      await executor.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    /** Retention: links that can no longer be used. */
    async deleteExpired(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('password_reset_tokens').where('expires_at', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
