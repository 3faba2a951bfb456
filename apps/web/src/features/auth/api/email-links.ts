import { emailLinkResponseSchema } from '@altwise/shared';
import { api } from '@/lib/api-client';
import { parseResponse } from '@/lib/parse-response';

export type EmailLinkKind = 'confirm' | 'undo' | 'verify';

/** POST /auth/email/confirm, /auth/email/undo or /auth/email/verify with a mailed link's token: the server's message. */
export async function followEmailLink(kind: EmailLinkKind, token: string): Promise<string> {
  const payload = await api.post<unknown>(`/auth/email/${kind}`, { token }, { auth: false });
  return parseResponse(emailLinkResponseSchema, payload, 'email link').message;
}
