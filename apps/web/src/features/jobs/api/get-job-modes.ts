import type { JobModes } from '@altwise/shared';
import { jobModesSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { JOBS_KEY } from './job-polling';

/** GET /v1/jobs/modes: whether economy mode runs as such on this server (it does not change while it runs). */
export async function getJobModes(signal?: AbortSignal): Promise<JobModes> {
  return parseResponse(jobModesSchema, await api.get('/v1/jobs/modes', { signal }), 'job modes');
}

export function useJobModes() {
  return useQuery({ queryKey: [...JOBS_KEY, 'modes'], queryFn: ({ signal }) => getJobModes(signal), staleTime: Infinity, retry: false });
}
