import type { EngineErrorCode } from '@altwise/engine';
import { isEngineError } from '@altwise/engine';
import type { ErrorCode } from '@altwise/shared';
import { AppError } from '../../platform/errors';
import type { ErrorStatus } from '../../platform/errors';

/**
 * The one place where the engine's failures become HTTP answers (docs/api-conventions.md#errors). Engine messages
 * are written to be shown to callers: they never name a resolved address or an upstream body.
 */
const MAPPING: Record<EngineErrorCode, { code: ErrorCode; status: ErrorStatus }> = {
  invalid_url: { code: 'validation_failed', status: 400 },
  url_not_allowed: { code: 'url_not_allowed', status: 400 },
  unreachable: { code: 'image_unreachable', status: 422 },
  timeout: { code: 'image_timeout', status: 422 },
  too_large: { code: 'payload_too_large', status: 413 },
  too_many_pixels: { code: 'payload_too_large', status: 413 },
  unsupported_type: { code: 'unsupported_media_type', status: 415 },
  undecodable: { code: 'image_undecodable', status: 422 },
  provider_error: { code: 'provider_error', status: 502 },
  provider_rate_limited: { code: 'provider_rate_limited', status: 503 },
  provider_timeout: { code: 'provider_timeout', status: 504 },
};

/** An AppError for anything the engine threw on purpose; anything else is passed through untouched. */
export function toAppError(error: unknown): unknown {
  if (error instanceof AppError || !isEngineError(error)) return error;
  const { code, status } = MAPPING[error.code];
  const details = code === 'validation_failed' ? [{ field: 'imageUrl', message: error.message }] : undefined;
  return new AppError(code, error.message, status, details);
}

/**
 * Whether the caller's own input caused the failure (a bad or refused URL, an unreachable host,
 * a file that is not an image). Such units are NOT refunded: a free retry would let anyone use
 * the API to probe hosts or ports at no cost. Provider failures and our own bugs (5xx) are.
 */
export function isCallerCaused(error: unknown): boolean {
  const mapped = toAppError(error);
  return mapped instanceof AppError && mapped.statusCode < 500;
}

/** `{ code, message }` of a batch item that failed; unknown errors say nothing about internals. */
export function toItemError(error: unknown): { code: string; message: string } {
  const mapped = toAppError(error);
  if (mapped instanceof AppError) return { code: mapped.code, message: mapped.message };
  return { code: 'internal_error', message: 'Something went wrong on our side' };
}
