import type { Kysely } from 'kysely';

/*
 * Jobs named by their source (issue 35 row 14): the name given at creation or by the owner since,
 * else the CSV's or zip's file name, the folder, the images' site. Jobs made before this stay
 * unnamed (NULL) and read as "Bulk job" until their owner names them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('name').execute();
}
