import type { Kysely } from 'kysely';

/*
 * Stripe billing: a subscription row remembers the Stripe customer and subscription it mirrors,
 * and every webhook event id applied is kept, so an event Stripe delivers twice changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('provider_customer_id', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('provider_subscription_id', 'text').execute();
  await db.schema
    .createIndex('subscriptions_provider_subscription_idx')
    .on('subscriptions')
    .column('provider_subscription_id')
    .execute();
  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('billing_events').ifExists().execute();
  await db.schema.dropIndex('subscriptions_provider_subscription_idx').execute();
  await db.schema.alterTable('subscriptions').dropColumn('provider_subscription_id').execute();
  await db.schema.alterTable('subscriptions').dropColumn('provider_customer_id').execute();
}
