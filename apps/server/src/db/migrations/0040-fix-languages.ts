import type { Kysely } from 'kysely';

/*
 * Fix jobs in each page's language (issue 37).
 * monitor_occurrences.language: the `lang` a failing occurrence is in (its own or its nearest
 *   ancestor's, as the page audit reads it); null when passing or when the page says none.
 * job_items.language: the language an item is described in when it is not the job's (a monitor's
 *   fix job: each picture in its page's language); null: the job's, else the account's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitor_occurrences').addColumn('language', 'text').execute();
  await db.schema.alterTable('job_items').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').dropColumn('language').execute();
  await db.schema.alterTable('monitor_occurrences').dropColumn('language').execute();
}
