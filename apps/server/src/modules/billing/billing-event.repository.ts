import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The billing_events table: ids of Stripe events already applied. */
export function createBillingEventRepository(db: Kysely<Database>) {
  return {
    async seen(id: string): Promise<boolean> {
      const row = await db.selectFrom('billing_events').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },

    async record(id: string, type: string, at: number): Promise<void> {
      await db
        .insertInto('billing_events')
        .values({ id, type, received_at: at })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

export type BillingEventRepository = ReturnType<typeof createBillingEventRepository>;
