import { apiKeySchema } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

// Generation only needs the key itself; the key list is refetched for everything else.
const createdKeySchema = apiKeySchema.pick({ apiKey: true });

/** POST /v1/api-keys: SPEC §7 sends userId and plan; the server takes both from the session. */
export async function createApiKey(input: { userId: string; plan?: string }): Promise<{ apiKey: string }> {
  const payload = await api.post<unknown>('/v1/api-keys', input);
  return parseResponse(createdKeySchema, payload, 'API key');
}
