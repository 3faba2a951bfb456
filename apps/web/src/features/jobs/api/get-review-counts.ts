import type { ReviewCounts } from '@altwise/shared';
import { reviewCountsSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY, POLL_MS } from './job-polling';

/** GET /v1/jobs/:id/review-queue/counts: groups and rows for every filter, passing and draft groups. */
export async function getReviewCounts(jobId: string, signal?: AbortSignal): Promise<ReviewCounts> {
  return parseResponse(reviewCountsSchema, await api.get(`/v1/jobs/${encodeURIComponent(jobId)}/review-queue/counts`, { signal }), 'review counts');
}

export function useReviewCounts(jobId: string, active: boolean) {
  return useQuery({
    queryKey: [...JOBS_KEY, jobId, 'review-counts'],
    queryFn: ({ signal }) => getReviewCounts(jobId, signal),
    refetchInterval: active ? POLL_MS : false,
  });
}
