import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, EmailChangesTable } from '../../db/schema';

export type EmailChangeRow = Selectable<EmailChangesTable>;

export function createEmailChangeRepository(db: Kysely<Database>) {
  return {
    async insert(row: EmailChangeRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('email_changes').values(row).execute();
    },

    /** A change waiting for its link (a newer request or a made change cancels the older ones). */
    async cancelPending(userId: string, now: number, executor: Executor): Promise<void> {
      await executor
        .updateTable('email_changes')
        .set({ cancelled_at: now })
        .where('user_id', '=', userId)
        .where('confirmed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .execute();
    },

    findByConfirmHash: (hash: string) => db.selectFrom('email_changes').selectAll().where('confirm_hash', '=', hash).executeTakeFirst(),
    findByUndoHash: (hash: string) => db.selectFrom('email_changes').selectAll().where('undo_hash', '=', hash).executeTakeFirst(),

    /** Single use: of two requests following one confirmation link, exactly one gets true. */
    async confirm(id: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('email_changes')
        .set({ confirmed_at: now })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('undone_at', 'is', null)
        .where('confirm_expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Single use of the undo link; it also stops the confirmation link. */
    async undo(id: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable('email_changes')
        .set({ undone_at: now })
        .where('id', '=', id)
        .where('undone_at', 'is', null)
        .where('undo_expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Retention: rows whose links can no longer be used. */
    async deleteExpired(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('email_changes').where('undo_expires_at', '<', before).where('confirm_expires_at', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('email_changes').where('user_id', '=', userId).execute();
    },
  };
}

export type EmailChangeRepository = ReturnType<typeof createEmailChangeRepository>;
