import type { Kysely } from 'kysely';

/*
 * two_factor (modules/auth): one row per account that started or finished TOTP enrolment. The
 * secret is AES-GCM sealed; `enabled_at` is NULL while the enrolment waits for its first code.
 * `last_used_step` is the RFC 6238 time step of the last accepted code: a code of that step or an
 * earlier one is refused, so no code works twice.
 * two_factor_recovery_codes: only an HMAC of each code; single use (`used_at`).
 * known_devices: HMACs of the browsers (user agents) and addresses an account signed in from, with
 * when each was last seen: the login alert's "new device" is one not seen in 90 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_used_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user_idx').on('two_factor_recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_devices').ifExists().execute();
  await db.schema.dropTable('two_factor_recovery_codes').ifExists().execute();
  await db.schema.dropTable('two_factor').ifExists().execute();
}
