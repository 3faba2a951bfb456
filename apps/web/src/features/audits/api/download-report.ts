import { useAuthStore } from '@/lib/auth-store';
import { API_BASE_URL } from '@/lib/env';

export type ReportKind = 'csv' | 'html';

/**
 * GET /v1/audits/:id/report.csv or report.html, saved as a file. They need the caller's bearer
 * token, which a plain link cannot send, so the file is fetched and handed over as a blob.
 */
export async function downloadReport(id: string, kind: ReportKind): Promise<void> {
  const token = useAuthStore.getState().token;
  const response = await fetch(`${API_BASE_URL.replace(/\/+$/, '')}/v1/audits/${encodeURIComponent(id)}/report.${kind}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`The report could not be downloaded (HTTP ${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `altwise-audit-${id}.${kind}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
