import { validateApiKeyRequestSchema, validateApiKeyResponseSchema } from '@altwise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /v1/api-keys/validate: whether a key is valid and active. */
export async function validateApiKey(apiKey: string): Promise<boolean> {
  const body = validateApiKeyRequestSchema.parse({ apiKey });
  const payload = await api.post<unknown>('/v1/api-keys/validate', body);
  return parseResponse(validateApiKeyResponseSchema, payload, 'key validation').valid;
}

export function useValidateApiKey() {
  return useMutation({ mutationFn: validateApiKey });
}
