import type { Kysely } from 'kysely';

/*
 * Identical images within one job are described, charged and reviewed once (issue 23).
 * job_items.image_hash: the SHA-256 of the item's bytes, known at creation for an uploaded file,
 * else once the image was fetched. job_items.duplicate_of: the idx of the item whose description
 * this one shares; null for the first of its kind. job_images: one row per job and image key (the
 * bytes' hash with the item's context and purpose, which shape the description), naming the item
 * that was charged for it; its primary key is the claim, so of two items with the same bytes
 * settling at once (two instances), exactly one is charged.
 * jobs.skipped: rows refused at creation, the true count (row_errors keeps only the first ones).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('skipped', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('job_items').addColumn('image_hash', 'text').execute();
  await db.schema.alterTable('job_items').addColumn('duplicate_of', 'integer').execute();
  // A primary's followers, found when it settles and when a review expands to its group.
  await db.schema.createIndex('job_items_duplicate_of').on('job_items').columns(['job_id', 'duplicate_of']).execute();
  await db.schema
    .createTable('job_images')
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('image_key', 'text', (col) => col.notNull())
    .addColumn('primary_idx', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('job_images_pk', ['job_id', 'image_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_images').ifExists().execute();
  await db.schema.dropIndex('job_items_duplicate_of').ifExists().execute();
  await db.schema.alterTable('job_items').dropColumn('duplicate_of').execute();
  await db.schema.alterTable('job_items').dropColumn('image_hash').execute();
  await db.schema.alterTable('jobs').dropColumn('skipped').execute();
}
