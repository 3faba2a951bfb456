import type { Kysely } from 'kysely';

/*
 * Site monitors' alerts on coverage and fixes (issue 37).
 * monitors.coverage_threshold: 0 to 1, optional; a run whose coverage falls below it alerts once.
 * monitor_runs.fix_job_id: the bulk job "Suggest alt text for the failing images" created from the
 *   run, set once (the endpoint answers the same job again).
 * monitor_occurrences.context, .purpose: what a failing occurrence's suggestion is written from
 *   (the page's words around it; JSON: the link or button it is the only content of). Kept for
 *   failing occurrences only: a passing one is never sent to the describer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitors').addColumn('coverage_threshold', 'double precision').execute();
  await db.schema.alterTable('monitor_runs').addColumn('fix_job_id', 'text').execute();
  await db.schema.alterTable('monitor_occurrences').addColumn('context', 'text').execute();
  await db.schema.alterTable('monitor_occurrences').addColumn('purpose', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('monitor_occurrences').dropColumn('purpose').execute();
  await db.schema.alterTable('monitor_occurrences').dropColumn('context').execute();
  await db.schema.alterTable('monitor_runs').dropColumn('fix_job_id').execute();
  await db.schema.alterTable('monitors').dropColumn('coverage_threshold').execute();
}
