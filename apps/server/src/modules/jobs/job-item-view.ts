import type { ImagePurpose, JobItem } from '@altwise/shared';
import type { JobItemRow } from './jobs.repository';

type ItemRow = JobItemRow & { duplicate_of?: number | null; path?: string | null };

const iso = (ms: number | null | string) => (ms === null ? null : new Date(Number(ms)).toISOString());

export const purposeOf = (row: Pick<JobItemRow, 'purpose'>): ImagePurpose | undefined =>
  row.purpose ? (JSON.parse(row.purpose) as ImagePurpose) : undefined;

/** What a reviewed text is checked against: the item's own language, context and purpose over its job's options. */
export const reviewContextOf = (row: Pick<JobItemRow, 'language' | 'context' | 'purpose'>, options: { language?: string; maxLength?: number }) => ({
  ...options,
  language: row.language ?? options.language,
  context: row.context,
  purpose: purposeOf(row),
});

/**
 * A duplicate shares its first item's description, not its cost: the tokens stay with the item that
 * paid for them, so a job's results sum to what the provider billed.
 */
function ownResult(result: NonNullable<JobItem['result']>, row: ItemRow): NonNullable<JobItem['result']> {
  if (row.duplicate_of === null || row.duplicate_of === undefined || !result.usage) return result;
  const { usage: _shared, ...own } = result;
  return own;
}

/** A stored item as the API shows it: the results, the review queue and the exports alike. */
export function toJobItem(row: ItemRow): JobItem {
  return {
    id: String(row.idx),
    // An uploaded file's item has its relative path and no URL (its bytes are in job_files).
    imageUrl: row.path ? null : row.image_url,
    path: row.path ?? null,
    duplicateOf: row.duplicate_of === null || row.duplicate_of === undefined ? null : String(row.duplicate_of),
    context: row.context,
    clientId: row.client_id,
    columns: row.columns ? (JSON.parse(row.columns) as Record<string, string>) : {},
    ...(row.purpose && { purpose: purposeOf(row) }),
    ...(row.language && { language: row.language }),
    status: row.status as JobItem['status'],
    review: (row.review as JobItem['review']) ?? null,
    attempts: Number(row.attempts),
    result: row.result ? ownResult(JSON.parse(row.result) as NonNullable<JobItem['result']>, row) : null,
    // A pending item's last error is its retry's reason, not its outcome.
    error: row.status === 'failed' && row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    finishedAt: iso(row.finished_at),
  };
}
