import type { Kysely } from 'kysely';

/*
 * Bulk jobs (modules/jobs): the job and its items are rows, the truth for progress and results.
 * - jobs: one per POST /v1/jobs; options and the rows that were refused are kept as JSON text.
 *   waiting_until is set while the account's quota is used up (the job resumes then).
 * - job_items: one per accepted row. An item is `pending` until it is settled; `lease_owner` is
 *   the instance working on it (null: free). A lease of an instance whose heartbeat stopped is
 *   free again, so a killed worker's items are taken by another. The result and the settlement of
 *   its quota unit are written in one transaction, guarded by the lease, so no item is charged twice.
 * - webhook_deliveries: one per event (job.progress, job.completed, job.failed), retried with
 *   backoff for 24 hours; every attempt (status, duration) is kept in `attempts_log` for the owner.
 * - webhook_secrets: the account's signing secret, AES-GCM encrypted like API keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('api_key_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('options', 'text', (col) => col.notNull())
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('row_errors', 'text', (col) => col.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('waiting_until', 'bigint')
    .addColumn('progress_sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_user_created_idx').on('jobs').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').column('status').execute();

  await db.schema
    .createTable('job_items')
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('idx', 'integer', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('context', 'text')
    .addColumn('client_id', 'text')
    .addColumn('columns', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('result', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('review', 'text')
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'idx'])
    .execute();
  await db.schema.createIndex('job_items_status_idx').on('job_items').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('job_items_job_status_idx').on('job_items').columns(['job_id', 'status']).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts_log', 'text', (col) => col.notNull())
    .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_job_idx').on('webhook_deliveries').columns(['job_id', 'created_at']).execute();

  await db.schema
    .createTable('webhook_secrets')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('secret_ciphertext', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_secrets').ifExists().execute();
  await db.schema.dropTable('webhook_deliveries').ifExists().execute();
  await db.schema.dropTable('job_items').ifExists().execute();
  await db.schema.dropTable('jobs').ifExists().execute();
}
