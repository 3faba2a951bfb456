import type { Executor } from '../../db/executor';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export function createSubscriptionRepository(db: Kysely<Database>) {
  return {
    find: (userId: string) =>
      db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /** One row per account: the subscription as it is now. */
    async save(row: SubscriptionRow, trx: Executor = db): Promise<void> {
      const { user_id: _userId, created_at: _createdAt, ...changes } = row;
      await trx
        .insertInto('subscriptions')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
        .execute();
    },

    findByProviderSubscription: (subscriptionId: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', subscriptionId)
        .executeTakeFirst(),

    withStatus: (status: string) =>
      db.selectFrom('subscriptions').selectAll().where('status', '=', status).where('provider_subscription_id', 'is not', null).execute(),

    async delete(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
