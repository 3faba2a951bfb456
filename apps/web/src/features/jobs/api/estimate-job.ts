import type { JobEstimate } from '@altwise/shared';
import { jobEstimateSchema } from '@altwise/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import type { NewJob } from './create-job';
import { newJobBody } from './create-job';
import { countPickedImages } from '../zip-images';
import { JOBS_KEY } from './job-polling';

/**
 * POST /v1/jobs/estimate: what the job would use and when it would finish; creates nothing. Files
 * are not uploaded twice: their images are counted here (a zip's from its directory) and only the
 * count is sent.
 */
export async function estimateJob(input: NewJob, signal?: AbortSignal): Promise<JobEstimate> {
  const body = input.kind === 'files' ? { images: await countPickedImages(input.files) } : newJobBody(input);
  return parseResponse(jobEstimateSchema, await api.post('/v1/jobs/estimate', body, { signal }), 'estimate');
}

/** What identifies an input in the cache: the URLs, or the chosen files (name, size, time). */
const fingerprint = (input: NewJob) =>
  input.kind === 'csv'
    ? ['csv', input.file.name, input.file.size, input.file.lastModified]
    : input.kind === 'files'
      ? ['files', ...input.files.map(({ path, file }) => `${path}:${file.size}:${file.lastModified}`)]
      : ['urls', ...input.urls];

/** The estimate of the job as it stands on the form; null input (nothing to send yet) asks nothing. */
export function useJobEstimate(input: NewJob | null) {
  return useQuery({
    queryKey: [...JOBS_KEY, 'estimate', ...(input ? fingerprint(input) : [])],
    queryFn: ({ signal }) => estimateJob(input!, signal),
    enabled: input !== null,
    staleTime: 30_000,
    retry: false,
  });
}
