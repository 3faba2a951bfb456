import { apiKeySchema } from '@altwise/shared';
import { api } from './api-client';
import { parseResponse } from './parse-response';

// SPEC §3: a create response may carry limits as plain numbers; only the id and the key are read
// here, and the key list is refetched for everything else.
const createdKeySchema = apiKeySchema.pick({ id: true, apiKey: true });

export interface CreateApiKeyInput {
  userId: string;
  plan?: string;
  /** Without one the server names the key "Key ending in XXXX". */
  name?: string;
}

/**
 * POST /v1/api-keys (201; 409 past the account's key limit). SPEC §7 sends userId and plan; the
 * server takes both from the session. Used by the API Keys screen and by generation's first use.
 */
export async function createApiKey(input: CreateApiKeyInput) {
  const payload = await api.post<unknown>('/v1/api-keys', input);
  return parseResponse(createdKeySchema, payload, 'API key');
}
