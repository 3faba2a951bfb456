import type { ReviewFilter, ReviewGroup } from '@altwise/shared';
import { reviewQueueResponseSchema } from '@altwise/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY, POLL_MS } from './job-polling';

export const REVIEW_PAGE_SIZE = 100;

/** GET /v1/jobs/:id/review-queue: one keyset page of groups (identical images shown once). */
export type ReviewSort = 'input' | 'uncertainty';

export async function getReviewQueue(jobId: string, filter: ReviewFilter, cursor: string | null, signal?: AbortSignal, sort: ReviewSort = 'input'): Promise<{ items: ReviewGroup[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(REVIEW_PAGE_SIZE), status: filter });
  // Verified items whose readings disagree on the most claims first (issue 36).
  if (sort === 'uncertainty') params.set('sort', sort);
  if (cursor) params.set('cursor', cursor);
  return parseResponse(reviewQueueResponseSchema, await api.get(`/v1/jobs/${encodeURIComponent(jobId)}/review-queue?${params.toString()}`, { signal }), 'review queue');
}

/** The queue under a filter, a page at a time ("Show more"); polled while the job runs. */
export function useReviewQueue(jobId: string, filter: ReviewFilter, active: boolean, sort: ReviewSort = 'input') {
  return useInfiniteQuery({
    queryKey: [...JOBS_KEY, jobId, 'review-queue', filter, sort],
    queryFn: ({ pageParam, signal }) => getReviewQueue(jobId, filter, pageParam, signal, sort),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: active ? POLL_MS : false,
  });
}
