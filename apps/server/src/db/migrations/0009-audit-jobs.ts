import type { Kysely } from 'kysely';

/*
 * An audit whose suggestions are too many for one request runs them as a bulk job: `job_id` is that
 * job, and `job_filled` turns 1 once the job's results have been copied into the audit's images
 * (they are read from the job until then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audits').addColumn('job_id', 'text').execute();
  await db.schema.alterTable('audits').addColumn('job_filled', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audits').dropColumn('job_filled').execute();
  await db.schema.alterTable('audits').dropColumn('job_id').execute();
}
