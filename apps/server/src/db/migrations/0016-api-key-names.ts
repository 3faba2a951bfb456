import type { Kysely } from 'kysely';

/*
 * api_keys.name: what the owner calls a key ("Production"), so keys can be told apart on screen
 * and in control names. NULL on keys made before this: the name "Key ending in XXXX" is derived
 * when they are read, since the last four characters sit inside the ciphertext, which a
 * migration cannot read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('name').execute();
}
