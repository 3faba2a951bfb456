import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * The dispatcher's indexes (issue 32 row 1): every process asks for the due items every half second,
 * and that read must cost what it dispatches, not what waits. Both are partial, over pending items
 * only, so a job's settled items are never walked past:
 * - job_items_dispatchable_idx: a job's items the runner may take (pending, live, nobody's
 *   duplicate), in input order. SQLite is told to use it (INDEXED BY, see `due`): with statistics
 *   it would rather walk the primary key (job_id, idx), settled items included. `due` reads each account's first ones from it, a few per job.
 * - job_items_leased_idx: pending items with a lease, by holder: the items in flight, counted per
 *   account for its turn.
 * The queries repeat these conditions word for word (literals, not parameters), which is what lets
 * SQLite and PostgreSQL use a partial index.
 * job_items_status_idx (status, next_attempt_at) goes: only the old `due` read it, and SQLite, without
 * statistics, preferred it to these and so read every pending item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('job_items_dispatchable_idx')
    .on('job_items')
    .columns(['job_id', 'idx'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .where(sql.ref('dispatch'), '=', sql.lit('live'))
    .where(sql.ref('duplicate_of'), 'is', null)
    .execute();
  await db.schema
    .createIndex('job_items_leased_idx')
    .on('job_items')
    .columns(['lease_owner', 'job_id'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .where(sql.ref('lease_owner'), 'is not', null)
    .execute();
  await db.schema.dropIndex('job_items_status_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('job_items_status_idx').on('job_items').columns(['status', 'next_attempt_at']).execute();
  await db.schema.dropIndex('job_items_leased_idx').ifExists().execute();
  await db.schema.dropIndex('job_items_dispatchable_idx').ifExists().execute();
}
