import type { Kysely } from 'kysely';

/*
 * Crash-safe metering across instances:
 * - instances: every live server process, with a heartbeat; a reservation of an instance whose
 *   heartbeat stopped belongs to a dead process and is released by any other.
 * - quota_reservations: units charged to the quota counters and not yet settled; admission writes
 *   one in the same transaction as the charge, each unit's settlement decrements it in the same
 *   transaction as its history row and usage event.
 * - idempotency_keys: Stripe-style replays of create requests, 24 hours.
 * - generations.request_ref: which admitted request (and item) a history row settled, so a retry
 *   of a crashed request reuses what was already delivered to history instead of charging again.
 * - users.session_version: bumped by logout-all and account deletion; access tokens carry it.
 * - alt_text_cache.used_at: for CACHE_TTL_DAYS retention of entries nobody reads any more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instances')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('heartbeat_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('quota_reservations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('units', 'integer', (col) => col.notNull())
    .addColumn('hour_start', 'bigint', (col) => col.notNull())
    .addColumn('day_start', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('quota_reservations_instance_idx').on('quota_reservations').column('instance_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();

  await db.schema.alterTable('generations').addColumn('request_ref', 'text').execute();
  await db.schema.createIndex('generations_request_ref_idx').on('generations').columns(['user_id', 'request_ref']).execute();

  await db.schema.alterTable('users').addColumn('session_version', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('alt_text_cache').addColumn('used_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
  await db.schema.dropTable('quota_reservations').ifExists().execute();
  await db.schema.dropTable('instances').ifExists().execute();
}
