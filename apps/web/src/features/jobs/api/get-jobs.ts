import type { JobList } from '@altwise/sdk';
import { jobListResponseSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY, POLL_MS, isChanging } from './job-polling';

/** GET /v1/jobs: the account's newest 50 jobs. */
export async function getJobs(signal?: AbortSignal): Promise<JobList> {
  return parseResponse(jobListResponseSchema, await api.get('/v1/jobs?limit=50', { signal }), 'jobs');
}

export function useJobs() {
  return useQuery({
    queryKey: [...JOBS_KEY, 'list'],
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: (query) => (query.state.data?.items.some(isChanging) ? POLL_MS : false),
  });
}
