import { revealApiKeyResponseSchema } from '@altwise/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { parseResponse } from '../parse-response';

/**
 * POST /v1/api-keys/{id}/reveal: a key in full. The list is masked, so the eye, the copy buttons,
 * Test Key (the api-keys feature) and the generate screen ask for it (rate-limited and audited on
 * the server). Kept in memory for the tab's life, never in storage, under its own root so list
 * invalidations leave it.
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
