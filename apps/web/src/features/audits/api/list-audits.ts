import { auditListResponseSchema } from '@altwise/shared';
import type { AuditListPage } from '@altwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** Every audits query (the history pages and each audit) starts with this key. */
export const AUDITS_KEY = ['audits'] as const;
export const AUDIT_HISTORY_PAGE_SIZE = 10;

/** GET /v1/audits?limit=&cursor=: one page of the account's audits, newest first, without their images. */
export async function listAudits(cursor: string | null, signal?: AbortSignal): Promise<AuditListPage> {
  const params = new URLSearchParams({ limit: String(AUDIT_HISTORY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  const payload = await api.get<unknown>(`/v1/audits?${params.toString()}`, { signal });
  return parseResponse(auditListResponseSchema, payload, 'audit history');
}

export const auditHistoryQuery = infiniteQueryOptions({
  queryKey: [...AUDITS_KEY, 'history'],
  queryFn: ({ pageParam, signal }) => listAudits(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useAuditHistory() {
  return useInfiniteQuery(auditHistoryQuery);
}
