import { emailLinkResponseSchema } from '@altwise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

/** POST /auth/email/verify/resend: a new link to the account's address (rate limited); the server's message. */
export async function resendVerification(): Promise<string> {
  const payload = await api.post<unknown>('/auth/email/verify/resend');
  return parseResponse(emailLinkResponseSchema, payload, 'verification link').message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
