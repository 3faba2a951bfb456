export const ENGINE_ERROR_CODES = [
  'unsupported_type',
  'undecodable',
  'too_large',
  'too_many_pixels',
  'url_not_allowed',
  'unreachable',
  'timeout',
  'invalid_url',
  'provider_error',
  'provider_rate_limited',
  'provider_timeout',
] as const;

export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/**
 * The one error the engine throws on purpose. `message` is safe to show to the
 * caller: it never names a resolved address, an upstream body or a secret.
 * `cause` may hold the internal detail for logs.
 */
export class EngineError extends Error {
  override readonly name = 'EngineError';

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isEngineError(value: unknown, code?: EngineErrorCode): value is EngineError {
  return value instanceof EngineError && (code === undefined || value.code === code);
}
