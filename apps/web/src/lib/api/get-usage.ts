import { usageResponseSchema } from '@altwise/shared';
import type { UsageRange, UsageResponse } from '@altwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { parseResponse } from '../parse-response';

/**
 * GET /v1/usage?range=…: shared, read by the dashboard, the usage screen and the top bar's bell.
 * Invalidate ['usage'] after anything that changes usage or the plan (every range is refetched).
 */
export const usageQueryKey = (range: UsageRange) => ['usage', range] as const;

export async function getUsage(range: UsageRange, signal?: AbortSignal): Promise<UsageResponse> {
  const payload = await api.get<unknown>(`/v1/usage?range=${encodeURIComponent(range)}`, { signal });
  return parseResponse(usageResponseSchema, payload, 'usage');
}

export const usageQueryOptions = (range: UsageRange) =>
  queryOptions({
    queryKey: usageQueryKey(range),
    queryFn: ({ signal }) => getUsage(range, signal),
  });
