import { apiKeySchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { parseResponse } from '../parse-response';
import { revealedKeyQueryKey } from './reveal-api-key';

// docs/product-decisions.md#api-keys: a create response may carry limits as plain numbers; only the id and the key are read
// here, and the key list is refetched for everything else.
const createdKeySchema = apiKeySchema.pick({ id: true, apiKey: true });

export interface CreateApiKeyInput {
  userId: string;
  plan?: string;
  /** Without one the server names the key "Key ending in XXXX". */
  name?: string;
}

/**
 * POST /v1/api-keys (201; 409 past the account's key limit). The original sends userId and plan; the
 * server takes both from the session. Shared: the API Keys screen and generation's first use create keys.
 */
export async function createApiKey(input: CreateApiKeyInput) {
  const payload = await api.post<unknown>('/v1/api-keys', input);
  return parseResponse(createdKeySchema, payload, 'API key');
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // ['api-keys'] is every reader of the key list (this screen, the dashboard, generate).
    onSuccess: (created) => {
      // The one moment the server gives the key in full: remembered (in memory) so showing or
      // copying it needs no reveal.
      queryClient.setQueryData(revealedKeyQueryKey(created.id), created.apiKey);
      return queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
}
