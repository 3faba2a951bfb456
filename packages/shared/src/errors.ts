import { z } from 'zod';

/** Every error code the API can answer with; the HTTP status travels beside it. */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'invalid_credentials',
  'forbidden',
  'plan_forbidden',
  'billing_not_configured',
  'not_found',
  'conflict',
  'payment_declined',
  'payload_too_large',
  'unsupported_media_type',
  'image_undecodable',
  'image_unreachable',
  'image_timeout',
  'url_not_allowed',
  'too_many_requests',
  'request_timeout',
  'quota_exceeded',
  'provider_error',
  'provider_rate_limited',
  'provider_timeout',
  'internal_error',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'database_unavailable',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body of the API: `{ error: { code, message, details? } }`. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
