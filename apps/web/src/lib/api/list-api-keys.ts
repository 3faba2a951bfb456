import { apiKeyListResponseSchema } from '@altwise/shared';
import type { ApiKey } from '@altwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { parseResponse } from '../parse-response';

/**
 * GET /v1/api-keys. Shared, not the api-keys feature's own: the API Keys screen, the dashboard's
 * "Active API Keys", generation's key lookup and the bell's no-key hint all read this one list.
 * The key sits under ['api-keys'], so invalidating ['api-keys'] after creating or revoking a key
 * refreshes every reader.
 */
export const apiKeyListQueryKey = ['api-keys', 'list'] as const;

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const payload = await api.get<unknown>('/v1/api-keys', { signal });
  return parseResponse(apiKeyListResponseSchema, payload, 'API key list').apiKeys;
}

export const apiKeyListQueryOptions = () =>
  queryOptions({ queryKey: apiKeyListQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeyListQueryOptions());
}

/** Keys that can still call the API. */
export function countActiveKeys(keys: readonly Pick<ApiKey, 'status'>[]): number {
  return keys.filter((key) => key.status === 'active').length;
}
