import { useQuery } from '@tanstack/react-query';
import { apiKeyListQueryOptions } from '@/lib/api-keys-query';

/**
 * GET /v1/api-keys. The fetcher and its schema live in lib/api-keys-query.ts because the
 * dashboard and the generate screen read the same list; this screen adds nothing to it.
 */
export function useApiKeys() {
  return useQuery(apiKeyListQueryOptions());
}
