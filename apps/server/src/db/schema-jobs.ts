import type { Generated } from 'kysely';

/*
 * The tables of bulk jobs and their webhooks (modules/jobs), kept apart from schema.ts so each file
 * stays about one concern. Same conventions: epoch milliseconds, 0/1 booleans, JSON as text.
 */

/** Bulk jobs (modules/jobs); JSON columns are text. */
export interface JobsTable {
  id: string;
  user_id: string;
  api_key_id: string | null;
  status: string;
  total: number;
  options: string;
  columns: string;
  row_errors: string;
  webhook_url: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  waiting_until: number | null;
  progress_sent_at: number | null;
  /** Rows refused at creation, all of them (row_errors keeps the first ones): migration 0019. */
  skipped: Generated<number>;
  /** standard | economy, as asked; and why it runs otherwise (migration 0023). */
  mode: Generated<string>;
  mode_note: string | null;
  /** Given or taken from the source; NULL for jobs made before names (migration 0039). */
  name: string | null;
  /** Item counts, kept with each item's state change (migration 0033): the list reads these, not the items. */
  items_pending: Generated<number>;
  items_succeeded: Generated<number>;
  items_failed: Generated<number>;
  items_cancelled: Generated<number>;
  /** Items that are nobody's duplicate (as far as known), and those of them still pending. */
  items_distinct: Generated<number>;
  items_pending_distinct: Generated<number>;
}

export interface WebhookDeliveriesTable {
  id: string;
  user_id: string;
  /** NULL for an account event (a limit reached, an API key created or revoked): migration 0020. */
  job_id: string | null;
  event: string;
  url: string;
  payload: string;
  status: string;
  attempts: number;
  attempts_log: string;
  next_attempt_at: number;
  created_at: number;
  finished_at: number | null;
}

export interface WebhookSecretsTable {
  user_id: string;
  secret_ciphertext: string;
  created_at: number;
  /** Jobs without a webhookUrl of their own notify this one (migration 0009). */
  default_url: string | null;
}

export interface JobItemsTable {
  job_id: string;
  idx: number;
  image_url: string;
  context: string | null;
  client_id: string | null;
  columns: string | null;
  /** JSON ImagePurpose: the link or button the image is the only content of (migration 0011). */
  purpose: string | null;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  lease_owner: string | null;
  /** When the lease was taken or last renewed; stale after the staleness window (migration 0015). */
  lease_renewed_at: number | null;
  /** Claims of the item so far: the fencing token of the current lease (migration 0015). */
  lease_token: Generated<number>;
  result: string | null;
  error_code: string | null;
  error_message: string | null;
  review: string | null;
  finished_at: number | null;
  /** The bulk review that last changed the row, and its review and result before it: what its undo restores (migration 0022). */
  undo_token: string | null;
  undo_review: string | null;
  undo_result: string | null;
  /** SHA-256 of the item's bytes: from the upload at creation, else once fetched (migration 0019). */
  image_hash: string | null;
  /** The idx of the item whose description this one shares; null for the first of its kind (migration 0019). */
  duplicate_of: number | null;
  /** live (the job runner takes it) or batch (a provider batch API), and its local batch (migration 0023). */
  dispatch: Generated<string>;
  economy_batch: string | null;
  /** An uploaded file's relative path ("products/shoes/red.jpg"); NULL for an item from a URL (migration 0021). */
  path: string | null;
  /** Claims the item's readings contradicted each other on (verified alt text; 0 otherwise, migration 0028). */
  uncertain: Generated<number>;
  /** The language this item is described in when not the job's (a monitor's fix job: its page's; migration 0040). */
  language: string | null;
}

/** An uploaded file's bytes, stored while the upload streams in, then taken by its job (migration 0021). */
export interface JobFilesTable {
  upload_id: string;
  idx: number;
  job_id: string | null;
  path: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  created_at: number;
}

/** A provider batch of an economy job, stored before the provider is asked (migration 0023). */
export interface JobBatchesTable {
  id: string;
  job_id: string;
  provider: string;
  provider_batch_id: string | null;
  status: string;
  items: number;
  created_at: number;
  submitted_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}

/** Which item of a job was charged for an image key (bytes, context, purpose); the key is the claim (migration 0019). */
export interface JobImagesTable {
  job_id: string;
  image_key: string;
  primary_idx: number;
}
