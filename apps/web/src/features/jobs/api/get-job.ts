import type { Job } from '@altwise/sdk';
import { jobSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY, POLL_MS, isChanging } from './job-polling';

/** GET /v1/jobs/:id: status, counts, distinct images, estimate, times. */
export async function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return parseResponse(jobSchema, await api.get(`/v1/jobs/${encodeURIComponent(id)}`, { signal }), 'job');
}

export function useJob(id: string) {
  return useQuery({
    queryKey: [...JOBS_KEY, id],
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => (query.state.data && isChanging(query.state.data) ? POLL_MS : false),
  });
}
