import type { Job } from '@altwise/sdk';
import { jobSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** POST /v1/jobs/:id/cancel: pending items are neither processed nor charged. */
export async function cancelJob(id: string): Promise<Job> {
  return parseResponse(jobSchema, await api.post(`/v1/jobs/${encodeURIComponent(id)}/cancel`), 'job');
}

export function useCancelJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => cancelJob(id), onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }) });
}
