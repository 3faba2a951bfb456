import { apiKeyListResponseSchema, revealApiKeyResponseSchema } from '@altwise/shared';
import type { ApiKey } from '@altwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { parseResponse } from './parse-response';

/**
 * GET /v1/api-keys, as read by the dashboard's "Active API Keys" and the bell's no-key hint.
 * The key sits under ['api-keys'], so a screen that invalidates ['api-keys'] after creating
 * or revoking a key refreshes these readers too.
 */
export const apiKeyListQueryKey = ['api-keys', 'list'] as const;

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const payload = await api.get<unknown>('/v1/api-keys', { signal });
  return parseResponse(apiKeyListResponseSchema, payload, 'API key list').apiKeys;
}

export const apiKeyListQueryOptions = () =>
  queryOptions({ queryKey: apiKeyListQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });

/** Keys that can still call the API. */
export function countActiveKeys(keys: readonly Pick<ApiKey, 'status'>[]): number {
  return keys.filter((key) => key.status === 'active').length;
}

/**
 * A key in full: the list is masked, so the eye, the copy buttons, Test Key and the generate
 * screen ask for it (POST /v1/api-keys/{id}/reveal: rate-limited and audited on the server). Kept
 * in memory for the tab's life, never in storage, under its own root so list invalidations leave it.
 */
export const revealedKeyQueryKey = (id: string) => ['api-key-secret', id] as const;

export async function revealApiKey(id: string): Promise<string> {
  const payload = await api.post<unknown>(`/v1/api-keys/${encodeURIComponent(id)}/reveal`);
  return parseResponse(revealApiKeyResponseSchema, payload, 'API key').apiKey;
}

export const revealedKeyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: revealedKeyQueryKey(id),
    queryFn: () => revealApiKey(id),
    staleTime: Infinity,
    gcTime: 15 * 60_000,
    retry: false,
  });
