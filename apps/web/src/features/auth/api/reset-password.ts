import { api } from '@/lib/api-client';

/** POST /auth/password/reset: sets the new password and ends every session of the account. */
export async function resetPassword(token: string, password: string): Promise<void> {
  await api.post<unknown>('/auth/password/reset', { token, password }, { auth: false });
}
