import { authResponseSchema } from '@altwise/shared';
import type { ChangePasswordRequest } from '@altwise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/lib/auth-store';
import { parseResponse } from '@/lib/parse-response';

/**
 * POST /auth/password: every session of the account ends, this one too, and the answer is this
 * tab's new session: its refresh token arrives as the session cookie, its access token in the body.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<void> {
  const payload = await api.post<unknown>('/auth/password', input, { session: true });
  const session = parseResponse(authResponseSchema.partial({ refreshToken: true }), payload, 'password change');
  useAuthStore.setState({ token: session.token, user: session.user });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
