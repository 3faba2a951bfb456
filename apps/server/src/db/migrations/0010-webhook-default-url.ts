import type { Kysely } from 'kysely';

/*
 * webhook_secrets.default_url: the account's default webhook URL, used by jobs created without a
 * `webhookUrl`. On the secret's row because a webhook is never sent unsigned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_secrets').addColumn('default_url', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_secrets').dropColumn('default_url').execute();
}
