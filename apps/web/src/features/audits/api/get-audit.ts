import { auditSchema } from '@altwise/shared';
import type { Audit } from '@altwise/sdk';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';
import { AUDITS_KEY } from './list-audits';

/** GET /v1/audits/:id: one past audit with every image (another account's is a 404). */
export async function getAudit(id: string, signal?: AbortSignal): Promise<Audit> {
  const payload = await api.get<unknown>(`/v1/audits/${encodeURIComponent(id)}`, { signal });
  return parseResponse(auditSchema, payload, 'audit');
}

export const auditQuery = (id: string) => queryOptions({ queryKey: [...AUDITS_KEY, 'one', id], queryFn: ({ signal }) => getAudit(id, signal) });

export function useAudit(id: string) {
  return useQuery(auditQuery(id));
}
