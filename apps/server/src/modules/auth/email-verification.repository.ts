import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, EmailVerificationsTable } from '../../db/schema';

export type EmailVerificationRow = Selectable<EmailVerificationsTable>;

export function createEmailVerificationRepository(db: Kysely<Database>) {
  return {
    async insert(row: EmailVerificationRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('email_verifications').values(row).execute();
    },

    findByHash: (tokenHash: string) => db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /** Single use: of two requests following one link, exactly one gets true. */
    async consume(id: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('email_verifications')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new link replaces the older ones: only the latest mailed link works. */
    async retireUnused(userId: string, now: number, executor: Executor): Promise<void> {
      await executor.updateTable('email_verifications').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    /** Retention: links that can no longer be used. */
    async deleteExpired(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('email_verifications').where('expires_at', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    },
  };
}
