import { historyResponseSchema } from '@altwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export const HISTORY_PAGE_SIZE = 10;

/** GET /v1/images?limit=&cursor=: the account's past generations, newest first. */
export const generationsQuery = infiniteQueryOptions({
  queryKey: ['generations'],
  queryFn: async ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
    if (pageParam) params.set('cursor', pageParam);
    const payload = await api.get<unknown>(`/v1/images?${params.toString()}`, { signal });
    return parseResponse(historyResponseSchema, payload, 'history');
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useGenerations() {
  return useInfiniteQuery(generationsQuery);
}
