import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Item counts kept per job (issue 32 row 4): the job list counted every item of the jobs it showed
 * (379 ms at 100k items). Each item's state change updates these in its own transaction
 * (jobs.repository.ts); the backfill counts the items of the jobs that exist now, once.
 * `items_distinct` is the items that are nobody's duplicate, `items_pending_distinct` the pending ones.
 */
const COLUMNS = ['items_pending', 'items_succeeded', 'items_failed', 'items_cancelled', 'items_distinct', 'items_pending_distinct'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('jobs').addColumn(column, 'integer', (col) => col.notNull().defaultTo(0)).execute();
  const count = (condition: ReturnType<typeof sql>) => sql`(select count(*) from job_items i where i.job_id = jobs.id and ${condition})`;
  await sql`update jobs set
    items_pending = ${count(sql`i.status = 'pending'`)},
    items_succeeded = ${count(sql`i.status = 'succeeded'`)},
    items_failed = ${count(sql`i.status = 'failed'`)},
    items_cancelled = ${count(sql`i.status = 'cancelled'`)},
    items_distinct = ${count(sql`i.duplicate_of is null`)},
    items_pending_distinct = ${count(sql`i.status = 'pending' and i.duplicate_of is null`)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable('jobs').dropColumn(column).execute();
}
