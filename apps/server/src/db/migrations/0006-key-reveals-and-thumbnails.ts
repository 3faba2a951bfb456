import type { Kysely } from 'kysely';

/*
 * api_key_reveals: each time an owner asks to see a key in full (an audit trail that costs no quota).
 * generations.thumbnail: a small WebP of an uploaded image, so history keeps its preview after a
 * reload (an upload has no URL to show again). Base64 text: the same column type on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_reveals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('api_key_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('api_key_reveals_user_idx').on('api_key_reveals').columns(['user_id', 'created_at']).execute();
  await db.schema.alterTable('generations').addColumn('thumbnail', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('thumbnail').execute();
  await db.schema.dropTable('api_key_reveals').ifExists().execute();
}
