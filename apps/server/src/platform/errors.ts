import type { ErrorCode } from '@altwise/shared';
import { rejectNulCharacters } from '@altwise/shared';
import type { z } from 'zod';

/** The statuses an error may answer with (docs/api-conventions.md#errors); nothing else leaves the error handler. */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 502, 503, 504] as const;

export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export function isErrorStatus(status: number): status is ErrorStatus {
  return (ERROR_STATUSES as readonly number[]).includes(status);
}

/** The one error type of the server: a code from the shared union, a client-safe message, a status. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: ErrorStatus,
    readonly details?: unknown,
    /** Extra response headers, such as Retry-After. */
    readonly headers?: Record<string, string>,
    /**
     * An expected failure (bad input, a refused quota, a provider down) rather than a bug. A
     * non-operational error is logged with its stack; the process-level handlers exit on one.
     */
    readonly isOperational: boolean = statusCode !== 500,
  ) {
    super(message);
  }

  static badRequest(message: string, details?: unknown) {
    return new AppError('bad_request', message, 400, details);
  }
  /**
   * The 400 of docs/api-conventions.md#errors for invalid input: one message per field (the first rule it broke, as
   * a form shows it), the first of them as the message. For route schemas and hand-parsed input alike.
   */
  static validationFailed(issues: Iterable<{ field: string; message: string }>) {
    const byField = new Map<string, string>();
    for (const { field, message } of issues) if (!byField.has(field)) byField.set(field, message);
    const details = [...byField].map(([field, message]) => ({ field, message }));
    return new AppError('validation_failed', details[0]?.message ?? 'Invalid input', 400, details);
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

/**
 * A module's own error that knows its HTTP answer (a refused quota, say): a service throws it
 * without speaking HTTP, and the error handler asks it for the AppError to send.
 */
export abstract class ErrorWithAnswer extends Error {
  abstract toAppError(): AppError;
}

/**
 * Input parsed by hand (multipart fields) with the rules of a route schema: the same NUL rule as
 * the validator compiler (app.ts) and the same 400 as the error handler gives a schema failure.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = rejectNulCharacters(schema).safeParse(input);
  if (parsed.success) return parsed.data;
  throw AppError.validationFailed(parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message })));
}
