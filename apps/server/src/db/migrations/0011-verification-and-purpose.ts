import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * Issue 19.
 * generations.verification: who stands behind a stored result, 'draft' (no vision model looked at
 * the pixels: the offline describer) or 'model'. Rows written before it are read by their provider,
 * the rule the engine applies to old cache entries: offline ⇒ draft, else model. A draft is never
 * WCAG compliant, so old offline rows lose a compliance they never had.
 * job_items.purpose: the link or button an item's image is the only content of (JSON, null: none),
 * given with the item and passed to the describer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('generations')
    .addColumn('verification', 'text', (col) => col.notNull().defaultTo('model'))
    .execute();
  await sql`update generations set verification = 'draft', wcag_compliant = 0 where provider = 'offline'`.execute(db);
  await db.schema.alterTable('job_items').addColumn('purpose', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').dropColumn('purpose').execute();
  await db.schema.alterTable('generations').dropColumn('verification').execute();
}
