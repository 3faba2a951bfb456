import type { Kysely } from 'kysely';

/*
 * Economy jobs reserve their quota (issue 31 row 2): a provider batch's units are admitted like a
 * live request's (a quota_reservations row, charged), then held by the batch for as long as the
 * provider works on it, which outlives the request and may outlive the instance that opened it.
 * `held_by` is that batch's id (job_batches.id): reconciliation leaves such a reservation alone (it
 * is not its instance's any more); the batch settles it answer by answer, gives back the units of
 * items that fail or go back for another batch, and releases the rest when it closes. Null for a
 * live request's reservation, owned by its instance as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('quota_reservations').addColumn('held_by', 'text').execute();
  await db.schema.createIndex('quota_reservations_held_by_idx').on('quota_reservations').column('held_by').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('quota_reservations_held_by_idx').execute();
  await db.schema.alterTable('quota_reservations').dropColumn('held_by').execute();
}
