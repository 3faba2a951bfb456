import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { createApiKey } from '@/lib/api/create-api-key';
import { apiKeyListQueryOptions } from '@/lib/api/list-api-keys';
import { revealedKeyQueryKey, revealedKeyQueryOptions } from '@/lib/api/reveal-api-key';

/** docs/product-decisions.md#generate: shown when no key can be found or created. */
export const API_KEY_UNAVAILABLE = 'API key not available. Please check your API keys page.';

/** The name of the key generation makes on first use, so it is recognisable on API Keys. */
export const GENERATE_KEY_NAME = 'Created by Generate';

export class ApiKeyUnavailableError extends Error {
  constructor() {
    super(API_KEY_UNAVAILABLE);
    this.name = 'ApiKeyUnavailableError';
  }
}

/**
 * Resolves the key the screen generates with: the account's first active key; when there is
 * none, one is created on first use. Throws ApiKeyUnavailableError only when that fails too.
 * `fresh` skips the cached list (after the server refused a key that was revoked meanwhile).
 */
export function useGenerationKey(): (options?: { fresh?: boolean }) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ fresh = false } = {}) => {
      const options = apiKeyListQueryOptions();
      const keys = await (fresh ? queryClient.fetchQuery({ ...options, staleTime: 0 }) : queryClient.ensureQueryData(options)).catch(
        () => undefined,
      );
      const active = keys?.find((key) => key.status === 'active');
      if (active) {
        // The list is masked; the full key is revealed once and kept in memory for the tab.
        if (!active.masked) return active.apiKey;
        try {
          return await queryClient.fetchQuery(revealedKeyQueryOptions(active.id));
        } catch {
          throw new ApiKeyUnavailableError();
        }
      }
      const user = useAuthStore.getState().user;
      if (!user) throw new ApiKeyUnavailableError();
      try {
        const created = await createApiKey({ userId: user.userId, plan: user.plan, name: GENERATE_KEY_NAME });
        queryClient.setQueryData(revealedKeyQueryKey(created.id), created.apiKey);
        // ['api-keys'] is every reader of the key list (this screen, API Keys, the dashboard).
        await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
        return created.apiKey;
      } catch {
        throw new ApiKeyUnavailableError();
      }
    },
    [queryClient],
  );
}
