import type { Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

/*
 * Account events on webhooks (Settings → "Webhook notifications"): a rate limit reached, an API key
 * created or revoked, a job finished, sent to the account's default webhook URL through the same
 * deliveries table as job webhooks (signed, retried, claimed by one instance). An account event
 * belongs to no job, so webhook_deliveries.job_id may be NULL; such rows go with their account, and
 * with retention once finished. SQLite cannot drop a NOT NULL constraint in place: the table is
 * rebuilt there, rows and indexes kept.
 */
const COLUMNS = 'id, user_id, job_id, event, url, payload, status, attempts, attempts_log, next_attempt_at, created_at, finished_at';

async function rebuild(db: Kysely<unknown>, jobIdNullable: boolean): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => (jobIdNullable ? col : col.notNull()))
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
  const where = jobIdNullable ? sql`` : sql` where job_id is not null`;
  await sql`insert into webhook_deliveries_next (${sql.raw(COLUMNS)}) select ${sql.raw(COLUMNS)} from webhook_deliveries${where}`.execute(db);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.alterTable('webhook_deliveries_next').renameTo('webhook_deliveries').execute();
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_job_idx').on('webhook_deliveries').columns(['job_id', 'created_at']).execute();
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await db.schema.alterTable('webhook_deliveries').alterColumn('job_id', (col) => col.dropNotNull()).execute();
  else await rebuild(db, true);
  await db.schema.createIndex('webhook_deliveries_user_idx').on('webhook_deliveries').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_user_idx').ifExists().execute();
  if (isPostgres(db)) {
    await db.deleteFrom('webhook_deliveries' as never).where('job_id' as never, 'is', null).execute();
    await db.schema.alterTable('webhook_deliveries').alterColumn('job_id', (col) => col.setNotNull()).execute();
  } else await rebuild(db, false);
}
