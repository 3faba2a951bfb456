import type { Job } from '@altwise/sdk';
import { jobSchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** PATCH /v1/jobs/:id: the owner renames the job. */
export async function renameJob(id: string, name: string): Promise<Job> {
  return parseResponse(jobSchema, await api.patch(`/v1/jobs/${encodeURIComponent(id)}`, { name }), 'job');
}

export function useRenameJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (name: string) => renameJob(id, name), onSuccess: () => queryClient.invalidateQueries({ queryKey: JOBS_KEY }) });
}
