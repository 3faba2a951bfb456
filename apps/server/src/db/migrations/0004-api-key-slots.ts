import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * The 10-active-keys limit held by counting before and after an insert: racing creates on
 * PostgreSQL all saw each other and all withdrew (12 at once → 0 keys). Each active key now holds
 * one of the account's numbered places, unique per account, so the database itself refuses an
 * 11th place whatever the concurrency, on both dialects. A revoked key gives its place back (NULL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('active_slot', 'integer').execute();
  // Keys created before: numbered by age within each account.
  await sql`
    update api_keys set active_slot = (
      select count(*) from api_keys older
      where older.user_id = api_keys.user_id and older.status = 'active'
        and (older.created_at < api_keys.created_at or (older.created_at = api_keys.created_at and older.id <= api_keys.id))
    )
    where status = 'active'
  `.execute(db);
  await db.schema.createIndex('api_keys_active_slot_idx').on('api_keys').columns(['user_id', 'active_slot']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('api_keys_active_slot_idx').execute();
  await db.schema.alterTable('api_keys').dropColumn('active_slot').execute();
}
