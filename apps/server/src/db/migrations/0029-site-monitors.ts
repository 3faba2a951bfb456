import type { Kysely } from 'kysely';

/*
 * Site monitors (modules/monitors, docs/monitors.md).
 * monitors: a site crawled on a schedule; `next_run_at` is when the scheduler starts its next run.
 * monitor_runs: one crawl each, leased by the instance running it (`lease_owner`, `lease_until`): a
 *   run whose lease lapsed is taken again and resumes from what it stored. `seeds` (JSON) are the
 *   start and sitemap URLs, read once per run; `summary` (JSON) is written when it completes.
 * monitor_pages: each URL a run read, once (the primary key), with the URLs it added to the crawl
 *   (`discovered`, JSON): a resumed run replays them instead of fetching the page again.
 * monitor_occurrences: each image element of each page, written with its page in one transaction,
 *   grouped by `image_key` (the resolved picture URL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('schedule', 'text', (col) => col.notNull())
    .addColumn('max_pages', 'integer', (col) => col.notNull())
    .addColumn('include', 'text')
    .addColumn('exclude', 'text')
    .addColumn('next_run_at', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('monitors_user_idx').on('monitors').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('monitors_next_run_idx').on('monitors').column('next_run_at').execute();

  await db.schema
    .createTable('monitor_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('monitor_id', 'text', (col) => col.notNull().references('monitors.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('seeds', 'text')
    .addColumn('findings', 'text')
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('monitor_runs_number_unique', ['monitor_id', 'number'])
    .execute();
  await db.schema.createIndex('monitor_runs_status_idx').on('monitor_runs').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('monitor_runs_user_created_idx').on('monitor_runs').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('monitor_pages')
    .addColumn('run_id', 'text', (col) => col.notNull().references('monitor_runs.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('title', 'text')
    .addColumn('images', 'integer', (col) => col.notNull())
    .addColumn('discovered', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('monitor_pages_pk', ['run_id', 'url'])
    .execute();

  await db.schema
    .createTable('monitor_occurrences')
    .addColumn('run_id', 'text', (col) => col.notNull().references('monitor_runs.id').onDelete('cascade'))
    .addColumn('page_url', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('selector', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    .addColumn('accessible_name', 'text')
    .addColumn('verdict', 'text', (col) => col.notNull())
    .addColumn('issues', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('monitor_occurrences_image_idx').on('monitor_occurrences').columns(['run_id', 'image_key']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitor_occurrences').ifExists().execute();
  await db.schema.dropTable('monitor_pages').ifExists().execute();
  await db.schema.dropTable('monitor_runs').ifExists().execute();
  await db.schema.dropTable('monitors').ifExists().execute();
}
