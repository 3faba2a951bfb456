import type { Kysely } from 'kysely';

/*
 * email_changes (modules/auth): a change of sign-in address waits for the link mailed to the new
 * address (`confirm_hash`); the old address gets an undo link (`undo_hash`) that cancels it or,
 * once made, restores the old address. Only HMACs of both tokens; each works once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('old_email', 'text', (col) => col.notNull())
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('confirm_hash', 'text', (col) => col.notNull().unique())
    .addColumn('confirm_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('undo_hash', 'text', (col) => col.notNull().unique())
    .addColumn('undo_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('undone_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_changes').ifExists().execute();
}
