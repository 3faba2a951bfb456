import { randomUUID } from 'node:crypto';
import type { BulkReviewResponse, JobItem, ReviewCounts, ReviewFilter, ReviewGroup } from '@altwise/shared';
import { MAX_BULK_REVIEW_GROUPS, reviewFilterSchema } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import type { GroupCountRow, JobReviewRepository, ReviewAction, ReviewItemRow, ReviewWrite } from './job-review.repository';
import { reviewContextOf, toJobItem } from './job-item-view';
import { reviewedResult } from './reviewed-result';

const NOT_FOUND = 'Job not found';

/** Which filters a row of the grouped count falls under. */
function filtersOf(row: Pick<GroupCountRow, 'status' | 'review' | 'uncertain'>): ReviewFilter[] {
  const filters: ReviewFilter[] = ['all'];
  if (reviewFilterSchema.safeParse(row.status).success && row.status !== 'uncertain') filters.push(row.status as ReviewFilter);
  if (row.status === 'succeeded' && Number(row.uncertain) === 1) filters.push('uncertain');
  if (row.review === 'approved' || row.review === 'rejected') filters.push(row.review);
  else if (row.status === 'succeeded') filters.push('needs_review');
  return filters;
}

/**
 * The review of a job at any size: the queue (each group of identical images once, keyset paged),
 * counts for every filter, and bulk reviews with an undo. Another account's job is a 404.
 */
export function createJobReviewService(deps: { repository: JobReviewRepository }) {
  const { repository } = deps;

  async function ownJob(userId: string, id: string) {
    const row = await repository.findJob(userId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  /** The rows a group review writes: each described row of the groups, approved with the text re-checked in its own context. */
  async function writesFor(job: { id: string; options: string }, firsts: ReviewItemRow[], action: ReviewAction): Promise<ReviewWrite[]> {
    const rows = await repository.groupRows(job.id, firsts.map((row) => row.idx));
    if (action === 'reject') return rows.map((row) => ({ idx: row.idx, result: null }));
    const options = JSON.parse(job.options) as { language?: string; maxLength?: number };
    const byFirst = new Map(firsts.map((row) => [row.idx, row]));
    return rows.map((row) => {
      // A duplicate shares its group's description: the first item's text is what the person accepts.
      const first = byFirst.get(row.duplicate_of ?? row.idx) ?? row;
      const reviewed = reviewedResult(JSON.parse(first.result!) as NonNullable<JobItem['result']>, { status: 'approved' }, reviewContextOf(row, options));
      return { idx: row.idx, result: reviewed && JSON.stringify(reviewed) };
    });
  }

  return {
    async queue(userId: string, id: string, query: { limit: number; cursor?: string; status: ReviewFilter; sort?: 'input' | 'uncertainty' }): Promise<{ items: ReviewGroup[]; nextCursor: string | null }> {
      const job = await ownJob(userId, id);
      const byUncertainty = query.sort === 'uncertainty';
      // Sorted by uncertainty the cursor is "uncertain:idx" (a plain idx reads as uncertain 0).
      const [uncertainAfter, idxAfter] = query.cursor?.includes(':') ? query.cursor.split(':').map(Number) : [0, Number(query.cursor)];
      const rows = byUncertainty
        ? await repository.firstItemsByUncertainty(job.id, query.status, query.cursor === undefined ? undefined : { uncertain: uncertainAfter!, idx: idxAfter! }, query.limit + 1)
        : await repository.firstItemsPage(job.id, query.status, query.cursor === undefined ? -1 : Number(query.cursor.split(':').at(-1)), query.limit + 1);
      const page = rows.slice(0, query.limit);
      const duplicates = await repository.duplicateCounts(
        job.id,
        page.map((row) => row.idx),
      );
      const last = page.at(-1);
      const cursorOf = (row: ReviewItemRow) => (byUncertainty ? `${Number(row.uncertain)}:${row.idx}` : String(row.idx));
      return { items: page.map((row) => ({ ...toJobItem(row), rows: 1 + (duplicates.get(row.idx) ?? 0) })), nextCursor: rows.length > query.limit && last ? cursorOf(last) : null };
    },

    async counts(userId: string, id: string): Promise<ReviewCounts> {
      const job = await ownJob(userId, id);
      const zero = () => Object.fromEntries(reviewFilterSchema.options.map((name) => [name, 0])) as Record<ReviewFilter, number>;
      const counts: ReviewCounts = { groups: zero(), rows: zero(), passing: 0, drafts: 0, uncertain: 0 };
      for (const row of await repository.countRows(job.id)) {
        const n = Number(row.n);
        const first = Number(row.first) === 1;
        for (const filter of filtersOf(row)) {
          counts.rows[filter] += n;
          if (first) counts.groups[filter] += n;
        }
        if (first && row.status === 'succeeded' && row.review === null) {
          if (Number(row.draft) === 1) counts.drafts += n;
          else if (Number(row.uncertain) === 1) counts.uncertain += n;
          else if (Number(row.failing) === 0) counts.passing += n;
        }
      }
      return counts;
    },

    /**
     * Approves or rejects groups: those named (a duplicate names its group) or those the filter
     * matches, at most MAX_BULK_REVIEW_GROUPS per request. Drafts are never approved in bulk: a
     * draft was written without a vision model seeing the image, so only a person who looked at it
     * may accept it. Repeating a request changes nothing more (what is already so is skipped).
     */
    async bulk(
      userId: string,
      id: string,
      request: { action: ReviewAction; itemIds?: string[]; filter?: ReviewFilter; passing?: boolean; undoToken?: string },
    ): Promise<BulkReviewResponse> {
      const job = await ownJob(userId, id);
      const passing = request.passing === true;
      let firsts: ReviewItemRow[];
      let skipped: number;
      let remaining = 0;
      if (request.itemIds) {
        const groups = await repository.groupsOf(
          job.id,
          request.itemIds.map(Number),
        );
        firsts = await repository.eligibleAmong(job.id, groups, request.action, passing);
        skipped = groups.length - firsts.length;
      } else {
        const found = await repository.eligibleMatching(job.id, request.filter ?? 'all', request.action, passing, MAX_BULK_REVIEW_GROUPS);
        firsts = found.rows;
        skipped = found.matching - found.eligible;
        remaining = found.eligible - found.rows.length;
      }
      const undoToken = request.undoToken ?? randomUUID();
      const writes = firsts.length ? await writesFor(job, firsts, request.action) : [];
      const updated = writes.length ? await repository.apply(job.id, undoToken, request.action === 'approve' ? 'approved' : 'rejected', writes) : 0;
      return { groups: firsts.length, updated, skipped, remaining, undoToken };
    },

    /** Restores what a bulk review changed, except rows reviewed again since. Idempotent. */
    async undo(userId: string, id: string, undoToken: string): Promise<{ restored: number }> {
      const job = await ownJob(userId, id);
      return { restored: await repository.undo(job.id, undoToken) };
    },
  };
}

export type JobReviewService = ReturnType<typeof createJobReviewService>;
