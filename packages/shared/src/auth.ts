import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, VALIDATION } from './messages';

// A standard address pattern: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email as typed by a person: trimmed, required, pattern-checked, lower-cased. */
export const emailSchema = z
  .string({ message: VALIDATION.emailRequired })
  .trim()
  .min(1, { message: VALIDATION.emailRequired, abort: true })
  .max(254, VALIDATION.emailInvalid)
  .regex(EMAIL_PATTERN, VALIDATION.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ message: VALIDATION.passwordRequired })
  .min(1, { message: VALIDATION.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { message: VALIDATION.passwordTooShort, abort: true })
  .max(256, VALIDATION.passwordTooLong);

/** A name opens every mail ("Hello …,"): no control characters, no line or paragraph separators. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
const firstNameSchema = z
  .string({ message: VALIDATION.firstNameRequired })
  .trim()
  .min(1, { message: VALIDATION.firstNameRequired, abort: true })
  .regex(NO_CONTROL_CHARACTERS, { message: VALIDATION.nameControlCharacters, abort: true })
  .max(100);
const lastNameSchema = z
  .string({ message: VALIDATION.lastNameRequired })
  .trim()
  .min(1, { message: VALIDATION.lastNameRequired, abort: true })
  .regex(NO_CONTROL_CHARACTERS, { message: VALIDATION.nameControlCharacters, abort: true })
  .max(100);
const companySchema = z.string().trim().max(200).optional();

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  password: passwordSchema,
  company: companySchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** The register form adds what only the screen asks: confirmation and the terms box. */
export const registerFormSchema = registerRequestSchema.extend({
  confirmPassword: z
    .string({ message: VALIDATION.confirmPasswordRequired })
    .min(1, { message: VALIDATION.confirmPasswordRequired, abort: true }),
  terms: z.literal(true, { message: VALIDATION.termsRequired }),
});
export type RegisterForm = z.input<typeof registerFormSchema>;

/**
 * The web app's session transport: a request carrying this header (value `cookie`) gets its refresh
 * token as an HttpOnly cookie instead of in the JSON, and may refresh or log out with that cookie.
 * A page on another site cannot set a custom header without a CORS preflight we refuse, so the
 * header is also the CSRF guard of the cookie-authenticated calls (beside SameSite=Strict and an
 * Origin check). API clients send no header and keep receiving both tokens in JSON.
 */
export const SESSION_TRANSPORT_HEADER = 'X-Altwise-Session';
export const SESSION_TRANSPORT_COOKIE = 'cookie';

/** API clients send the token; the web app sends nothing and its cookie carries it. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() });
export const logoutRequestSchema = z.object({ refreshToken: z.string().max(200).optional() });

/** Profile changes: only these four fields are ever read from a body. */
export const updateUserRequestSchema = z.object({
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  email: emailSchema.optional(),
  company: z.string().trim().max(200).nullable().optional(),
  /** Needed when `email` changes (docs/security.md "Changing the email address"). */
  currentPassword: z.string().max(256).optional(),
  /** With two-factor sign-in on, an email change needs a code too. */
  code: z.string().trim().max(64).optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const userSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  plan: z.string(),
  status: z.string(),
  /** False until the link mailed to `email` was followed; until then only verification and reset mail goes there. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  /** Absent when the refresh token went into the session cookie (the web app's transport). */
  refreshToken: z.string().optional(),
  tokens: z.object({
    accessToken: z.string(),
    refreshToken: z.string().optional(),
    /** Seconds until the access token expires. */
    expiresIn: z.number(),
  }),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
