import { z } from 'zod';
import { authResponseSchema } from './auth';

/** The texts of two-factor sign-in, shared by the API's errors and the screens. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app',
  codeInvalid: 'That code is not valid. Check the time on your device and try again.',
  enrolmentCodeInvalid: 'That code is not valid. Enter the 6-digit code your app shows for Altwise.',
  challengeExpired: 'This sign-in step has expired. Sign in again.',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  noEnrolment: 'Start the set-up again: no enrolment is waiting',
  settingsUseEnrolment: 'Turn two-factor sign-in on or off with its own dialog (POST /api/auth/two-factor/…)',
} as const;

/** Recovery codes handed out when two-factor sign-in is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second sign-in step waits for its code. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 300;

/** A 6-digit code from the app, or a recovery code (letters, digits, dashes, spaces). */
export const twoFactorCodeSchema = z
  .string({ message: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, { message: TWO_FACTOR_MESSAGES.codeRequired, abort: true })
  .max(64, TWO_FACTOR_MESSAGES.codeInvalid);

/** The login answer for an account with two-factor sign-in: no session yet, a token for step two. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeToken: z.string(),
  /** Seconds the token stays valid. */
  expiresIn: z.number(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/login: a session as before, or (two-factor accounts) the challenge. */
export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const twoFactorLoginRequestSchema = z.object({
  challengeToken: z.string().min(1).max(1000),
  code: twoFactorCodeSchema,
});

export const twoFactorSetupResponseSchema = z.object({
  /** The base32 key, for typing into the app by hand. */
  secret: z.string(),
  /** otpauth://totp/… URI, the QR code's content. */
  otpauthUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });

export const twoFactorEnabledResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledResponseSchema>;
