import type { Kysely } from 'kysely';

/*
 * Economy bulk jobs (issue 26): a job's mode; an item's dispatch (`live`: the job runner takes it;
 * `batch`: it goes to the provider's batch API) and the local batch it was put in; and one row per
 * provider batch, written BEFORE the provider is asked (its id is the marker the provider batch
 * carries), so a restarted instance finds what was submitted and never submits it twice. The
 * lease columns keep one instance polling a batch at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('mode', 'text', (col) => col.notNull().defaultTo('standard')).execute();
  await db.schema.alterTable('jobs').addColumn('mode_note', 'text').execute();
  await db.schema.alterTable('job_items').addColumn('dispatch', 'text', (col) => col.notNull().defaultTo('live')).execute();
  await db.schema.alterTable('job_items').addColumn('economy_batch', 'text').execute();
  await db.schema
    .createTable('job_batches')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_batch_id', 'text')
    // submitting → in_progress → recorded; or cancelled.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('items', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('submitted_at', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .execute();
  await db.schema.createIndex('job_batches_job_idx').on('job_batches').column('job_id').execute();
  await db.schema.createIndex('job_batches_status_idx').on('job_batches').column('status').execute();
  await db.schema.createIndex('job_items_economy_batch_idx').on('job_items').columns(['job_id', 'economy_batch']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_items_economy_batch_idx').execute();
  await db.schema.dropTable('job_batches').execute();
  await db.schema.alterTable('job_items').dropColumn('economy_batch').execute();
  await db.schema.alterTable('job_items').dropColumn('dispatch').execute();
  await db.schema.alterTable('jobs').dropColumn('mode_note').execute();
  await db.schema.alterTable('jobs').dropColumn('mode').execute();
}
