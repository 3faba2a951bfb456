import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, IdempotencyKeysTable } from '../../db/schema';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** idempotency_keys: the stored first answers of requests sent with an Idempotency-Key. */
export function createIdempotencyRepository(db: Kysely<Database>) {
  return {
    /** Claims the key for a first run; false when a row exists already. */
    async claim(row: Omit<IdempotencyRow, 'response_status' | 'response_headers' | 'response_body'>): Promise<boolean> {
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({ ...row, response_status: null, response_headers: null, response_body: null })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    find: (userId: string, key: string) =>
      db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst(),

    /** Takes over a run whose instance died; only one instance can win it. */
    async takeOver(id: string, fromInstance: string, toInstance: string): Promise<boolean> {
      const result = await db
        .updateTable('idempotency_keys')
        .set({ instance_id: toInstance })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('instance_id', '=', fromInstance)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(id: string, response: { status: number; headers: Record<string, string>; body: string }): Promise<void> {
      await db
        .updateTable('idempotency_keys')
        .set({ state: 'done', response_status: response.status, response_headers: JSON.stringify(response.headers), response_body: response.body })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
    },

    async deleteCreatedBefore(before: number, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
