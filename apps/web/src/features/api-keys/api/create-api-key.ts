import { apiKeySchema } from '@altwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

// SPEC §3: a create response may carry limits as plain numbers; only the key is read here,
// the list is refetched for everything else.
const createdKeySchema = apiKeySchema.pick({ id: true, apiKey: true });

export interface CreateApiKeyInput {
  userId: string;
  plan?: string;
}

/** POST /v1/api-keys (201; 409 past the account's key limit). */
export async function createApiKey(input: CreateApiKeyInput) {
  const payload = await api.post<unknown>('/v1/api-keys', input);
  return parseResponse(createdKeySchema, payload, 'API key');
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // ['api-keys'] is every reader of the key list (this screen, the dashboard, generate).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}
