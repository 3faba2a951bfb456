import type { ApiKey } from '@altwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { revealedKeyQueryOptions } from '@/lib/api/reveal-api-key';

/** The full key behind a listed (masked) one: from memory when revealed before, else one reveal call. */
export function useFullKey(): (apiKey: Pick<ApiKey, 'id' | 'apiKey' | 'masked'>) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    (apiKey) => (apiKey.masked ? queryClient.fetchQuery(revealedKeyQueryOptions(apiKey.id)) : Promise.resolve(apiKey.apiKey)),
    [queryClient],
  );
}
