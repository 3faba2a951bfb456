import type { Kysely } from 'kysely';

/*
 * limit_alerts (modules/usage): one row per account, quota window and level (80 or 100 %) for
 * which a rate-limit alert was queued. The primary key makes the alert exactly-once across
 * instances: whoever inserts the row queues the mail, in the same transaction.
 * weekly_reports (modules/usage): one row per account and reported week (its Monday, UTC), written
 * with the report's mail, so each account gets one report a week whatever instance sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('limit_alerts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('window', 'text', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('limit_alerts_pk', ['user_id', 'window', 'window_start', 'level'])
    .execute();

  await db.schema
    .createTable('weekly_reports')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week_start', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('weekly_reports_pk', ['user_id', 'week_start'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('weekly_reports').ifExists().execute();
  await db.schema.dropTable('limit_alerts').ifExists().execute();
}
