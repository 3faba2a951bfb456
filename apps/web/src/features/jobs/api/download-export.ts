import type { JobResultItem as JobItem, JobResultsPage } from '@altwise/sdk';
import { jobResultsResponseSchema } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { API_BASE_URL } from '@/lib/env';
import { parseResponse } from '@/lib/parse-response';

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
