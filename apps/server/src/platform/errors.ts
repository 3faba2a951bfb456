import type { ErrorCode } from '@altwise/shared';

/** The one error type of the server: a code from the shared union, a client-safe message, a status. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    readonly details?: unknown,
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  static badRequest(message: string, details?: unknown) {
    return new AppError('bad_request', message, 400, details);
  }
  static unauthorized(message = 'Authentication required') {
    return new AppError('unauthorized', message, 401);
  }
  static forbidden(message: string) {
    return new AppError('forbidden', message, 403);
  }
  static notFound(message = 'Not found') {
    return new AppError('not_found', message, 404);
  }
  static conflict(message: string) {
    return new AppError('conflict', message, 409);
  }
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    return new AppError('too_many_requests', message, 429, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    });
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}
