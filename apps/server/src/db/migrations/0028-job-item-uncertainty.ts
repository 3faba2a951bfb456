import type { Kysely } from 'kysely';

/*
 * Verified alt text (issue 36): how many claims a job item's readings contradicted each other on
 * (its result's `uncertain`, 0 for an unverified item and every item before this migration), so the
 * review queue can sort and filter by it and bulk approval can leave such items to a person. The
 * index serves `?sort=uncertainty`: most uncertain first, then input order, keyset paged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').addColumn('uncertain', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('job_items_uncertain_idx').on('job_items').columns(['job_id', 'uncertain', 'idx']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_items_uncertain_idx').execute();
  await db.schema.alterTable('job_items').dropColumn('uncertain').execute();
}
