import { z } from 'zod';
import { planLimitsSchema } from './plans';

export const API_KEY_PREFIX = 'ak_live_';
export const MAX_ACTIVE_API_KEYS = 10;
export const API_KEY_NAME_MAX_LENGTH = 60;

/** The name of a key created without one (and of keys made before keys had names). */
export function defaultApiKeyName(rawOrMaskedKey: string): string {
  return `Key ending in ${rawOrMaskedKey.slice(-4)}`;
}

/**
 * A key's name, as a person tells their keys apart ("Production", "Staging"): trimmed, one line,
 * no control characters (it is read out in control names and shown in lists).
 */
export const apiKeyNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the key')
  .max(API_KEY_NAME_MAX_LENGTH, `The name can be at most ${API_KEY_NAME_MAX_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'The name cannot contain control characters');

export const apiKeySchema = z.object({
  id: z.string(),
  /** Given at creation; "Key ending in XXXX" for a key created without one. */
  name: z.string(),
  /** In full when created or revealed; in a list, masked as `ak_live_…` plus the last four characters. */
  apiKey: z.string(),
  masked: z.boolean(),
  userId: z.string(),
  plan: z.string(),
  limits: planLimitsSchema,
  remainingRequests: z.object({ hour: z.number().int(), day: z.number().int() }),
  /** Requests charged through this key in the current hour and day. */
  usage: z.object({ hour: z.number().int(), day: z.number().int() }),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  status: z.enum(['active', 'revoked']),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });

/**
 * The original create call sends userId and plan (docs/product-decisions.md#api-keys); the server ignores plan and refuses another userId. `name` is
 * optional so those callers keep working; without it the key is named "Key ending in XXXX".
 */
export const createApiKeyRequestSchema = z
  .object({
    userId: z.string().max(100).optional(),
    plan: z.string().max(50).optional(),
    name: apiKeyNameSchema.optional(),
  })
  .default({});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const validateApiKeyRequestSchema = z.object({ apiKey: z.string().min(1).max(200) });
export const validateApiKeyResponseSchema = z.object({ valid: z.boolean() });

export const revealApiKeyResponseSchema = z.object({ apiKey: z.string() });

export const apiKeyIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
