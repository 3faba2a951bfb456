/*
 * One Database interface for both dialects. Times are epoch milliseconds (bigint), booleans are
 * 0/1 integers and JSON is text, so the same SQL and migrations run on SQLite and PostgreSQL.
 */

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  company: string | null;
  plan: string;
  status: string;
  created_at: number;
  updated_at: number;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  /** This token's own expiry: the idle limit (session timeout) from its issue, within the session. */
  expires_at: number;
  /** The whole session's hard end: 30 days with "Remember me", else 24 hours from sign-in. */
  session_expires_at: number;
  remember_me: number;
  created_at: number;
  revoked_at: number | null;
  replaced_by: string | null;
}

/** Fixed-window counters for throttles that are not plan quotas (failed logins, the demo). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface UserSettingsTable {
  user_id: string;
  settings: string;
  updated_at: number;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  key_hash: string;
  key_ciphertext: string;
  status: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface QuotaCountersTable {
  user_id: string;
  /** 'hour' or 'day'. */
  window: string;
  window_start: number;
  used: number;
}

export interface UsageEventsTable {
  user_id: string | null;
  api_key_id: string | null;
  endpoint: string;
  outcome: string;
  images: number;
  processing_ms: number;
  cached: number;
  created_at: number;
}

/**
 * Hourly pre-aggregates of usage_events (one row per account, hour, key and outcome), kept in
 * step by the usage recorder so analytics read at most a few thousand rows, not every event.
 */
export interface UsageRollupsTable {
  user_id: string;
  /** The UTC clock hour, epoch ms. */
  bucket_start: number;
  /** '' for requests made with a bearer token (no key); a primary-key column cannot be null. */
  api_key_id: string;
  outcome: string;
  requests: number;
  images: number;
  processing_ms: number;
}

export interface GenerationsTable {
  id: string;
  user_id: string;
  api_key_id: string | null;
  source: string;
  alt_text: string;
  long_description: string | null;
  is_decorative: number;
  contains_text: number;
  text_in_image: string | null;
  wcag_compliant: number;
  issues: string;
  provider: string;
  model: string;
  cached: number;
  processing_ms: number;
  created_at: number;
}

export interface AltTextCacheTable {
  cache_key: string;
  result: string;
  created_at: number;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  status: string;
  payment_method_ref: string | null;
  current_period_start: number | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  user_settings: UserSettingsTable;
  api_keys: ApiKeysTable;
  quota_counters: QuotaCountersTable;
  usage_events: UsageEventsTable;
  usage_rollups: UsageRollupsTable;
  generations: GenerationsTable;
  alt_text_cache: AltTextCacheTable;
  subscriptions: SubscriptionsTable;
}
