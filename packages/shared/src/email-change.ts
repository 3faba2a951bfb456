import { z } from 'zod';
import { userSchema } from './auth';

/**
 * Changing the sign-in address: the current password (and a two-factor code when it is on), then
 * the link mailed to the new address; the old address gets a notice with an undo link.
 */
export const EMAIL_CHANGE_MESSAGES = {
  confirmationSent: 'We sent a confirmation link to the new address. Your email changes when you follow it.',
  linkInvalid: 'This link is invalid, expired or already used.',
  confirmed: 'Your email address is changed. Sign in with the new address.',
  undone: 'The change is undone: your account keeps its previous address and every session was signed out. Choose a new password now.',
} as const;

/** The answer to PUT /api/v1/user: the user as stored, and the address waiting for its link. */
export const updateUserResponseSchema = z.object({
  user: userSchema,
  pendingEmail: z.string().optional(),
});
export type UpdateUserResponse = z.infer<typeof updateUserResponseSchema>;

export const emailLinkRequestSchema = z.object({
  token: z.string({ message: EMAIL_CHANGE_MESSAGES.linkInvalid }).min(1, EMAIL_CHANGE_MESSAGES.linkInvalid).max(200, EMAIL_CHANGE_MESSAGES.linkInvalid),
});
export type EmailLinkRequest = z.input<typeof emailLinkRequestSchema>;

export const emailLinkResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type EmailLinkResponse = z.infer<typeof emailLinkResponseSchema>;

/** Proving the account's address (issue 31 row 4): the link mailed at registration, and its resend. */
export const EMAIL_VERIFICATION_MESSAGES = {
  verified: 'Your email address is verified.',
  resent: 'If your address still needs verifying, a new link is on its way to it.',
} as const;
