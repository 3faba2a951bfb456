import { auditSchema } from '@altwise/shared';
import type { Audit } from '@altwise/sdk';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { API_BASE_URL } from '@/lib/env';
import { parseResponse } from '@/lib/parse-response';

/**
 * POST /v1/audits: fetches the page on the server and lists its images (with suggestions, charged).
 * Checked at run time with the schema the server serialises with, typed at build time as the served
 * OpenAPI document says (see lib/parse-response.ts).
 */
export async function createAudit(input: { url: string; suggest: boolean }): Promise<Audit> {
  const payload = await api.post<unknown>('/v1/audits', { url: input.url.trim(), suggest: input.suggest });
  return parseResponse(auditSchema, payload, 'audit');
}

export type ReportKind = 'csv' | 'html';

/**
 * Downloads report.csv / report.html. They need the caller's bearer token, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a blob.
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
