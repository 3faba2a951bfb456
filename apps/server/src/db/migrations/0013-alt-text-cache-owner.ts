import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * alt_text_cache.user_id (issue 18 row 7): entries are scoped per account (the public demo has a
 * scope of its own, user_id null), so no answer tells one account what another described, and an
 * account's entries go with it (the foreign key cascades; account deletion also removes them itself).
 * Existing entries were shared by everyone and name no owner: they are dropped (it is a cache).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from alt_text_cache`.execute(db);
  await db.schema
    .alterTable('alt_text_cache')
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('alt_text_cache_user_idx').on('alt_text_cache').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('alt_text_cache_user_idx').execute();
  await db.schema.alterTable('alt_text_cache').dropColumn('user_id').execute();
}
