import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/*
 * users.email_verified_at (issue 31 row 4): null until the address is proven by a mailed link.
 * Accounts that exist when this runs count as verified (stamped with the migration's time), so
 * nobody already using the product loses their alerts and reports.
 * email_verifications (modules/auth): the links mailed to prove an address; only an HMAC of each
 * token, the address it was sent to (a link proves that address, not whatever the account uses
 * later), single use (`used_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'bigint').execute();
  await sql`update users set email_verified_at = ${Date.now()}`.execute(db);

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verifications').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
