/*
 * The tables of an account's mail and sign-in security (modules/mail, modules/auth, modules/usage
 * alerts and reports), kept apart from schema.ts so each file stays about one concern. Same
 * conventions: epoch milliseconds, 0/1 booleans, JSON as text.
 */

/** Mail waiting to be sent, or sent (modules/mail; see 0014-mail-and-password-resets). */
export interface MailOutboxTable {
  id: string;
  user_id: string | null;
  /** What caused it (password-reset, password-changed): for the operator, not for sending. */
  kind: string;
  to_address: string;
  subject: string;
  /** AES-GCM sealed JSON {text, html}; emptied once the row is sent or given up. */
  body_sealed: string;
  /** pending, sent, failed (given up), or skipped (never sent: the account's address is not verified). */
  status: string;
  /** Claims so far; every write after a claim is guarded by it. */
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/** Single-use password reset tokens, stored only as an HMAC (modules/auth). */
export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A change of sign-in address: waits for the new address's link; the old one can undo it. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  confirm_hash: string;
  confirm_expires_at: number;
  undo_hash: string;
  undo_expires_at: number;
  created_at: number;
  confirmed_at: number | null;
  cancelled_at: number | null;
  undone_at: number | null;
}

/** Links that prove an account's address (issue 31 row 4): HMAC only, bound to the address mailed, single use. */
export interface EmailVerificationsTable {
  id: string;
  user_id: string;
  email: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** TOTP two-factor sign-in: the sealed secret; enabled once the first code confirmed it. */
export interface TwoFactorTable {
  user_id: string;
  secret_sealed: string;
  enabled_at: number | null;
  /** The RFC 6238 time step of the last accepted code: no code of that step or earlier works again. */
  last_used_step: number | null;
  created_at: number;
}

/** Single-use recovery codes, HMAC only. */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
}

/** Browsers and addresses an account signed in from (HMACs), for login alerts. */
export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  last_seen_at: number;
}

export interface LimitAlertsTable {
  user_id: string;
  window: 'hour' | 'day';
  window_start: number;
  level: number;
  created_at: number;
}

export interface WeeklyReportsTable {
  user_id: string;
  week_start: number;
  created_at: number;
}
