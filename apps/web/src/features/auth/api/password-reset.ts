import { passwordMessageResponseSchema } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /auth/password/forgot: the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const payload = await api.post<unknown>('/auth/password/forgot', { email }, { auth: false });
  return parseResponse(passwordMessageResponseSchema, payload, 'password reset').message;
}

/** POST /auth/password/reset: sets the new password and ends every session of the account. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post<unknown>('/auth/password/reset', { token, password }, { auth: false });
}
