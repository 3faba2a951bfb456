import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

/** The tables of links mailed to an address that work once, until they expire. */
type LinkTable = 'password_reset_tokens' | 'email_verifications';

/** What every single-use link table does: use a link once, retire an account's links, forget them. */
export function singleUseLinks(db: Kysely<Database>, table: LinkTable) {
  return {
    /** Single use: of two requests following one link, exactly one gets true. */
    async consume(id: string, now: number, executor: Executor): Promise<boolean> {
      const result = await executor
        .updateTable(table)
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every unused link of the account stops working. */
    async retireAllForUser(userId: string, now: number, executor: Executor): Promise<void> {
      await executor.updateTable(table).set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
    },

    /** Retention: links that can no longer be used. */
    async deleteExpired(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom(table).where('expires_at', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    },
  };
}
