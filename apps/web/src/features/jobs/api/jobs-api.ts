import type { Job, JobList, JobResultItem as JobItem, JobResultsPage } from '@altwise/sdk';
import type { ReviewRequest } from '@altwise/shared';
import { jobItemSchema, jobListResponseSchema, jobResultsResponseSchema, jobSchema } from '@altwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { API_BASE_URL } from '@/lib/env';
import { parseResponse } from '@/lib/parse-response';

/**
 * Live progress is polled (every 2 s while a job is queued or running), not streamed: any instance
 * answers from the database, so polling works behind any load balancer without sticky streams or a
 * pub/sub between instances, and it stops by itself when nothing is running.
 */
export const POLL_MS = 2_000;
const ACTIVE = new Set<Job['status']>(['queued', 'running']);
export const isActive = (job: Job) => ACTIVE.has(job.status);

export function useJobs() {
  return useQuery({
    queryKey: ['jobs'],
    queryFn: async (): Promise<JobList> => parseResponse(jobListResponseSchema, await api.get('/v1/jobs?limit=50'), 'jobs'),
    refetchInterval: (query) => (query.state.data?.items.some(isActive) ? POLL_MS : false),
  });
}

export function useJob(id: string) {
  return useQuery({
    queryKey: ['jobs', id],
    queryFn: async (): Promise<Job> => parseResponse(jobSchema, await api.get(`/v1/jobs/${encodeURIComponent(id)}`), 'job'),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? POLL_MS : false),
  });
}

export type ResultsFilter = 'all' | 'needs_review' | 'failed' | 'approved';

export function useJobResults(id: string, filter: ResultsFilter, status: Job['status'] | undefined) {
  const active = status === 'queued' || status === 'running';
  return useQuery({
    // The job's status is in the key: when the job ends, the results are read once more, complete.
    queryKey: ['jobs', id, 'results', filter, status],
    enabled: status !== undefined,
    queryFn: async (): Promise<JobResultsPage> => {
      const status = filter === 'all' ? '' : `&status=${filter}`;
      return parseResponse(jobResultsResponseSchema, await api.get(`/v1/jobs/${encodeURIComponent(id)}/results?limit=500${status}`), 'results');
    },
    refetchInterval: active ? POLL_MS : false,
  });
}

export type NewJob = { kind: 'urls'; urls: string[]; language?: string } | { kind: 'csv'; file: File; language?: string };

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewJob): Promise<Job> => {
      let body: unknown;
      if (input.kind === 'csv') {
        const form = new FormData();
        if (input.language) form.append('language', input.language);
        form.append('file', input.file);
        body = form;
      } else body = { items: input.urls.map((imageUrl) => ({ imageUrl })), ...(input.language ? { language: input.language } : {}) };
      return parseResponse(jobSchema, await api.post('/v1/jobs', body), 'job');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

export function useCancelJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Job> => parseResponse(jobSchema, await api.post(`/v1/jobs/${encodeURIComponent(id)}/cancel`), 'job'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

export function useReview(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, ...body }: ReviewRequest & { itemId: string }): Promise<JobItem> =>
      parseResponse(jobItemSchema, await api.patch(`/v1/jobs/${encodeURIComponent(jobId)}/results/${encodeURIComponent(itemId)}`, body), 'result'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs', jobId, 'results'] }),
  });
}

/** Downloads an export with the session's credentials (a plain link would carry none). */
export async function downloadExport(jobId: string, format: 'csv' | 'json', approvedOnly: boolean): Promise<void> {
  const query = approvedOnly ? '?status=approved' : '';
  let blob: Blob;
  if (format === 'csv') {
    const response = await fetchWithSession(`/v1/jobs/${encodeURIComponent(jobId)}/results.csv${query}`);
    blob = await response.blob();
  } else {
    const items: JobItem[] = [];
    for (let cursor: string | null = ''; cursor !== null; ) {
      const separator = query ? '&' : '?';
      const page: JobResultsPage = parseResponse(jobResultsResponseSchema, await api.get(`/v1/jobs/${encodeURIComponent(jobId)}/results${query}${separator}limit=500${cursor ? `&cursor=${cursor}` : ''}`), 'results');
      items.push(...page.items);
      cursor = page.nextCursor;
    }
    blob = new Blob([JSON.stringify(items, null, 2)], { type: 'application/json' });
  }
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `job-${jobId}${approvedOnly ? '-approved' : ''}.${format}`;
  link.click();
  URL.revokeObjectURL(href);
}

async function fetchWithSession(path: string): Promise<Response> {
  // The API client parses JSON; the CSV is text, so it is fetched here with the session's token.
  const token = useAuthStore.getState().token;
  const response = await fetch(`${API_BASE_URL.replace(/\/+$/, '')}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`The export could not be downloaded (HTTP ${response.status}).`);
  return response;
}
