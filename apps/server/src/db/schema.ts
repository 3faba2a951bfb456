import type { ColumnType, Generated } from 'kysely';
import type {
  MailOutboxTable,
  PasswordResetTokensTable,
  EmailChangesTable,
  EmailVerificationsTable,
  TwoFactorTable,
  TwoFactorRecoveryCodesTable,
  KnownDevicesTable,
  LimitAlertsTable,
  WeeklyReportsTable,
} from './schema-mail-and-security';
import type {
  JobsTable,
  WebhookDeliveriesTable,
  WebhookSecretsTable,
  JobItemsTable,
  JobFilesTable,
  JobBatchesTable,
  JobImagesTable,
} from './schema-jobs';
import type { MonitorOccurrencesTable, MonitorPagesTable, MonitorRunsTable, MonitorsTable } from './schema-monitors';

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
  /** Bumped by logout-all and account deletion: access tokens of an older version are refused. */
  session_version: Generated<number>;
  /** When a mailed link proved the address; null until then (only verification and reset mail go to it). */
  email_verified_at: number | null;
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

/** The account's profile picture as a data: URL of a re-encoded WebP (migration 0039). */
export interface UserProfileImagesTable {
  user_id: string;
  image: string;
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
  /** 1..MAX_ACTIVE_API_KEYS while active (unique per account), NULL once revoked. */
  active_slot: number | null;
  /** The owner's name for the key; NULL on keys made before names (read as "Key ending in XXXX"). */
  name: string | null;
}

/** One row per reveal of a full API key by its owner (an audit trail; no quota is charged). */
export interface ApiKeyRevealsTable {
  id: string;
  api_key_id: string;
  user_id: string;
  ip: string;
  created_at: number;
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
  /** Tokens the provider reported for the event's model calls; 0 when none was called (migration 0024). */
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  cached_input_tokens: Generated<number>;
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
  /** Sums of the events' tokens (migration 0024). */
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  cached_input_tokens: Generated<number>;
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
  /** 'draft' | 'model' (migration 0011; older rows were set by provider: offline ⇒ draft). */
  verification: Generated<string>;
  issues: string;
  provider: string;
  model: string;
  cached: number;
  processing_ms: number;
  created_at: number;
  /** `<idempotency record id>:<item index>` when the request carried an Idempotency-Key. */
  request_ref: string | null;
  /** Base64 WebP preview of an uploaded image (null for URLs and before migration 0006). */
  thumbnail: string | null;
  /** Tokens the provider reported for the description; null when no model was called (migration 0024). */
  input_tokens: Generated<number | null>;
  output_tokens: Generated<number | null>;
  cached_input_tokens: Generated<number | null>;
}

export interface AltTextCacheTable {
  cache_key: string;
  result: string;
  created_at: number;
  /** Last read, at a day's resolution; null until first read. */
  used_at: number | null;
  /** The account whose entry it is (its scope is part of cache_key); null for the public demo's (0013). */
  user_id: string | null;
}

/** A live server process; its reservations are released when its heartbeat stops. */
export interface InstancesTable {
  id: string;
  started_at: number;
  heartbeat_at: number;
}

/** Units charged to quota_counters and not yet settled with a result (or refunded). */
export interface QuotaReservationsTable {
  id: string;
  user_id: string;
  instance_id: string;
  units: number;
  hour_start: number;
  day_start: number;
  created_at: number;
  /** The economy provider batch (job_batches.id) holding it past its instance: reconciliation leaves it alone. */
  held_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  id: string;
  /** SHA-256 of method, route and body: the same key with another body is refused. */
  request_hash: string;
  /** 'running' or 'done'. */
  state: string;
  instance_id: string;
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
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
  /** Stripe mode: the customer and subscription this row mirrors. */
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
}

/** Stripe webhook events already applied (billing). */
export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: number;
}

export interface AuditsTable {
  id: string;
  user_id: string;
  url: string;
  final_url: string;
  page_title: string | null;
  suggest: number;
  /** JSON: AuditSummary. */
  summary: string;
  /** JSON: AuditImage[]. */
  result: string;
  created_at: number;
  /** The bulk job that writes the suggestions of a big page (see 0009-audit-jobs). */
  job_id: string | null;
  /** 1 once the job's results are in `result`. */
  job_filled: Generated<number>;
}

export type * from './schema-jobs';
export type * from './schema-monitors';
export type * from './schema-mail-and-security';

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  user_settings: UserSettingsTable;
  user_profile_images: UserProfileImagesTable;
  api_keys: ApiKeysTable;
  api_key_reveals: ApiKeyRevealsTable;
  quota_counters: QuotaCountersTable;
  usage_events: UsageEventsTable;
  usage_rollups: UsageRollupsTable;
  generations: GenerationsTable;
  alt_text_cache: AltTextCacheTable;
  subscriptions: SubscriptionsTable;
  instances: InstancesTable;
  quota_reservations: QuotaReservationsTable;
  idempotency_keys: IdempotencyKeysTable;
  billing_events: BillingEventsTable;
  jobs: JobsTable;
  job_items: JobItemsTable;
  job_files: JobFilesTable;
  job_images: JobImagesTable;
  job_batches: JobBatchesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_secrets: WebhookSecretsTable;
  audits: AuditsTable;
  mail_outbox: MailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_changes: EmailChangesTable;
  email_verifications: EmailVerificationsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  known_devices: KnownDevicesTable;
  limit_alerts: LimitAlertsTable;
  weekly_reports: WeeklyReportsTable;
  monitors: MonitorsTable;
  monitor_runs: MonitorRunsTable;
  monitor_pages: MonitorPagesTable;
  monitor_occurrences: MonitorOccurrencesTable;
}
