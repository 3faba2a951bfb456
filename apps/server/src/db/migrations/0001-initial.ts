import type { Kysely } from 'kysely';

// Column types are the portable subset: text, integer, bigint. Both dialects accept them as written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('company', 'text')
    .addColumn('plan', 'text', (col) => col.notNull().defaultTo('free'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('session_expires_at', 'bigint', (col) => col.notNull())
    .addColumn('remember_me', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('replaced_by', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('key_ciphertext', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();

  await db.schema
    .createTable('quota_counters')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('window', 'text', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('used', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('quota_counters_pk', ['user_id', 'window', 'window_start'])
    .execute();

  // An append-only log: no primary key needed; kept (without user_id) after an account is deleted.
  await db.schema
    .createTable('usage_events')
    .addColumn('user_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('endpoint', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('images', 'integer', (col) => col.notNull())
    .addColumn('processing_ms', 'integer', (col) => col.notNull())
    .addColumn('cached', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('usage_events_user_time_idx')
    .on('usage_events')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('usage_events_key_time_idx')
    .on('usage_events')
    .columns(['api_key_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('generations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('api_key_id', 'text')
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('alt_text', 'text', (col) => col.notNull())
    .addColumn('long_description', 'text')
    .addColumn('is_decorative', 'integer', (col) => col.notNull())
    .addColumn('contains_text', 'integer', (col) => col.notNull())
    .addColumn('text_in_image', 'text')
    .addColumn('wcag_compliant', 'integer', (col) => col.notNull())
    .addColumn('issues', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('cached', 'integer', (col) => col.notNull())
    .addColumn('processing_ms', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('generations_user_time_idx')
    .on('generations')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('alt_text_cache')
    .addColumn('cache_key', 'text', (col) => col.primaryKey())
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('payment_method_ref', 'text')
    .addColumn('current_period_start', 'bigint')
    .addColumn('current_period_end', 'bigint')
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'subscriptions',
    'alt_text_cache',
    'generations',
    'usage_events',
    'quota_counters',
    'api_keys',
    'user_settings',
    'rate_limits',
    'refresh_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
