import type { JobResultItem } from '@altwise/sdk';
import type { ReviewRequest } from '@altwise/shared';
import { jobItemSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** PATCH /v1/jobs/:id/results/:itemId: one result (and its group of identical images) approved or rejected, maybe with new text. */
export async function reviewItem(jobId: string, { itemId, ...body }: ReviewRequest & { itemId: string }): Promise<JobResultItem> {
  return parseResponse(jobItemSchema, await api.patch(`/v1/jobs/${encodeURIComponent(jobId)}/results/${encodeURIComponent(itemId)}`, body), 'result');
}

export function useReviewItem(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewRequest & { itemId: string }) => reviewItem(jobId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...JOBS_KEY, jobId] }),
  });
}
