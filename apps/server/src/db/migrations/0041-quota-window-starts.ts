import type { Kysely } from 'kysely';

/*
 * Ended quota windows are deleted by the retention sweep, across accounts, by their start
 * (issue 32: no longer by the admission that opens a new window, which waited for the delete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('quota_counters_window_start').on('quota_counters').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quota_counters_window_start').execute();
}
