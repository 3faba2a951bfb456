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
  /** A fetch's HTTP status, when the host answered one (a crawler backs off on 429 and 503). */
  readonly status?: number;
  /** The host's Retry-After header, as sent. */
  readonly retryAfter?: string;
  /** A redirect not followed: where it pointed. */
  readonly location?: string;

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    options?: { cause?: unknown; status?: number; retryAfter?: string; location?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    if (options?.status !== undefined) this.status = options.status;
    if (options?.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options?.location !== undefined) this.location = options.location;
  }
}

export function isEngineError(value: unknown, code?: EngineErrorCode): value is EngineError {
  return value instanceof EngineError && (code === undefined || value.code === code);
}
