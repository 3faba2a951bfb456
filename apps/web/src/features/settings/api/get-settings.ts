import { settingsResponseSchema } from '@altwise/shared';
import type { Settings } from '@altwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export const settingsQueryKey = ['settings'] as const;

/** GET /v1/settings: the stored settings, the server's defaults where none were saved. */
export async function getSettings(signal?: AbortSignal): Promise<Settings> {
  const payload = await api.get<unknown>('/v1/settings', { signal });
  return parseResponse(settingsResponseSchema, payload, 'settings').settings;
}

export const settingsQuery = queryOptions({
  queryKey: settingsQueryKey,
  queryFn: ({ signal }) => getSettings(signal),
});

export function useSettings() {
  return useQuery(settingsQuery);
}
