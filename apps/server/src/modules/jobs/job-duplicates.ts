/** What decides that two rows of a new job are the same image, described for the same use. */
export interface DuplicateCandidate {
  imageUrl: string | null;
  /** SHA-256 of an uploaded file's bytes (known at creation); absent for a URL. */
  imageHash?: string | null;
  context: string | null;
  purpose?: string | null;
}

/**
 * The duplicates known when a job is created: rows with the same bytes (uploads) or the same URL,
 * and the same context and purpose (they shape the description), point at the first such row,
 * which alone is dispatched. Other identical bytes (different URLs) are found when fetched.
 * `units` is the job's distinct images as far as known; `deduplicated` says whether every row's
 * bytes were known, so that `units` is exact rather than an upper bound.
 */
export function duplicatesAtCreation(rows: DuplicateCandidate[]): { duplicateOf: Array<number | null>; units: number; deduplicated: boolean } {
  const firstOf = new Map<string, number>();
  let deduplicated = true;
  const duplicateOf = rows.map((row, idx) => {
    if (!row.imageHash) deduplicated = false;
    const image = row.imageHash ? `sha256:${row.imageHash}` : `url:${row.imageUrl ?? ''}`;
    const key = JSON.stringify([image, row.context ?? '', row.purpose ?? '']);
    const first = firstOf.get(key);
    if (first !== undefined) return first;
    firstOf.set(key, idx);
    return null;
  });
  return { duplicateOf, units: firstOf.size, deduplicated };
}
