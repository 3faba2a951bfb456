import type { Kysely } from 'kysely';

/*
 * Issue 35 rows 14 and 18.
 * - jobs.name: the name given at creation or by the owner since, else the CSV's or zip's file name,
 *   the folder, the images' site. Jobs made before this stay unnamed (NULL) and read as "Bulk job".
 * - user_profile_images: the account's profile picture, re-encoded on upload (a small WebP, its
 *   metadata gone) and kept as a data: URL, served to its owner only; gone with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('name', 'text').execute();
  await db.schema
    .createTable('user_profile_images')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_profile_images').execute();
  await db.schema.alterTable('jobs').dropColumn('name').execute();
}
