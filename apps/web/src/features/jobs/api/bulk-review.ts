import type { BulkReviewRequest, BulkReviewResponse } from '@altwise/shared';
import { bulkReviewResponseSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** What a whole bulk action did, over every request it took. */
export interface BulkReviewOutcome {
  action: BulkReviewRequest['action'];
  groups: number;
  updated: number;
  skipped: number;
  undoToken: string | null;
}

/**
 * POST /v1/jobs/:id/reviews, repeated while the server says groups remain (it does at most 1,000 a
 * request), each time with the first answer's undo token so one undo restores the whole action.
 */
export async function bulkReview(jobId: string, request: Omit<BulkReviewRequest, 'undoToken'>): Promise<BulkReviewOutcome> {
  const outcome: BulkReviewOutcome = { action: request.action, groups: 0, updated: 0, skipped: 0, undoToken: null };
  for (;;) {
    const body = { ...request, ...(outcome.undoToken && { undoToken: outcome.undoToken }) };
    const answer: BulkReviewResponse = parseResponse(bulkReviewResponseSchema, await api.post(`/v1/jobs/${encodeURIComponent(jobId)}/reviews`, body), 'review');
    outcome.groups += answer.groups;
    outcome.updated += answer.updated;
    outcome.skipped = answer.skipped;
    outcome.undoToken = answer.undoToken;
    // Stops when nothing is left, or when a request changed nothing (nothing more it may change).
    if (answer.remaining === 0 || answer.groups === 0 || request.itemIds) return outcome;
  }
}

export function useBulkReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<BulkReviewRequest, 'undoToken'>) => bulkReview(jobId, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...JOBS_KEY, jobId] }),
  });
}
