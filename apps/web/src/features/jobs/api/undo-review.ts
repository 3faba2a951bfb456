import { undoReviewResponseSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** POST /v1/jobs/:id/reviews/undo: the rows a bulk review changed go back (not those reviewed since). */
export async function undoReview(jobId: string, undoToken: string): Promise<{ restored: number }> {
  return parseResponse(undoReviewResponseSchema, await api.post(`/v1/jobs/${encodeURIComponent(jobId)}/reviews/undo`, { undoToken }), 'undo');
}

export function useUndoReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (undoToken: string) => undoReview(jobId, undoToken),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...JOBS_KEY, jobId] }),
  });
}
