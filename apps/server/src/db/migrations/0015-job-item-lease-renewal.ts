import type { Kysely } from 'kysely';

/*
 * Leases that heal (issue 20). A job item's lease now has a life of its own beside its instance's:
 * - lease_renewed_at: when its holder last said it still works on the item (at the claim, then with
 *   every heartbeat while the item runs). A lease not renewed for the staleness window is free again,
 *   even when its instance lives on: a claim whose answer was lost, or a release that never reached
 *   the database, no longer strands the item.
 * - lease_token: counts the claims of the item (a fencing token). The holder settles, releases and
 *   renews only under the token it claimed with, so a late result of an older claim is discarded,
 *   and a settlement retried after an unknown commit outcome recognises its own earlier commit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').addColumn('lease_renewed_at', 'bigint').execute();
  await db.schema
    .alterTable('job_items')
    .addColumn('lease_token', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').dropColumn('lease_token').execute();
  await db.schema.alterTable('job_items').dropColumn('lease_renewed_at').execute();
}
