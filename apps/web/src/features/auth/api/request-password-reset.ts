import { passwordMessageResponseSchema } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /auth/password/forgot: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const payload = await api.post<unknown>('/auth/password/forgot', { email }, { auth: false });
  return parseResponse(passwordMessageResponseSchema, payload, 'password reset').message;
}
