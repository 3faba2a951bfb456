import type { Kysely } from 'kysely';

/*
 * Undo of a bulk review (issue 23): each row a bulk action changes keeps its state from before
 * (review and result) and the action's token, so an undo is one guarded UPDATE that puts those
 * back. Kept on the item itself: it goes with the item (account deletion, retention) and only the
 * latest action on an item can be undone; a later review of the item clears the token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').addColumn('undo_token', 'text').execute();
  await db.schema.alterTable('job_items').addColumn('undo_review', 'text').execute();
  await db.schema.alterTable('job_items').addColumn('undo_result', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_items').dropColumn('undo_result').execute();
  await db.schema.alterTable('job_items').dropColumn('undo_review').execute();
  await db.schema.alterTable('job_items').dropColumn('undo_token').execute();
}
