import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';

/** Password reset and change (docs/security.md "Passwords"). A new password follows registration's rules. */
export const PASSWORD_MESSAGES = {
  resetRequested:
    'If an account exists for that address, we have sent it a link to choose a new password. The link works once, within 30 minutes.',
  resetLinkInvalid: 'This reset link is invalid, expired or already used. Ask for a new one.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'Choose a password different from the current one',
} as const;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z
    .string({ message: PASSWORD_MESSAGES.resetLinkInvalid })
    .min(1, PASSWORD_MESSAGES.resetLinkInvalid)
    .max(200, PASSWORD_MESSAGES.resetLinkInvalid),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ message: PASSWORD_MESSAGES.currentPasswordRequired })
    .min(1, PASSWORD_MESSAGES.currentPasswordRequired)
    .max(256, PASSWORD_MESSAGES.currentPasswordWrong),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The one answer to a reset request, whether or not the address has an account. */
export const passwordMessageResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type PasswordMessageResponse = z.infer<typeof passwordMessageResponseSchema>;
