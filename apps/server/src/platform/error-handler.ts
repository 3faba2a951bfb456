import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database';
import { registerErrorResponses } from './error-responses';
import { AppError, ErrorWithAnswer, isErrorStatus } from './errors';
import { drainBody } from './drain-body';

/** How much of a refused body is still read before answering (see drainBody). */
const DRAIN_BOUNDS = { maxBytes: 64 * 1024 * 1024, maxMs: 5_000 };

/** Fastify's own client errors, translated to our codes; anything else unknown is a 500. */
function fromFastifyError(error: FastifyError): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return AppError.badRequest('Request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported content type', 415);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return AppError.badRequest('Invalid Content-Length');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return AppError.badRequest('Request body is not valid JSON');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // A client error of Fastify's with a status docs/api-conventions.md#errors does not list is still the client's: a 400.
    if (error.statusCode === 413) return new AppError('payload_too_large', error.message, 413);
    return new AppError('bad_request', error.message, isErrorStatus(error.statusCode) ? error.statusCode : 400);
  }
  return null;
}

/** docs/api-conventions.md#errors in one place: every error leaves as `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance) {
  registerErrorResponses(app);
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) {
      appError = error;
    } else if (error instanceof ErrorWithAnswer) {
      appError = error.toAppError();
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      appError = AppError.validationFailed(
        error.validation.map((issue) => ({
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body',
          message: issue.message ?? 'Invalid value',
        })),
      );
    } else if (isDatabaseUnavailable(error)) {
      // Bounded by the pool's connection and statement timeouts: the client hears it in seconds.
      request.log.warn({ err: error }, 'database unavailable');
      appError = new AppError('database_unavailable', 'The service cannot reach its database right now; try again shortly', 503, undefined, {
        'retry-after': '5',
      });
    } else {
      appError = fromFastifyError(error);
    }

    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('internal_error', 'Something went wrong on our side', 500);
    } else if ((!appError.isOperational || appError.statusCode >= 500) && appError.code !== 'database_unavailable') {
      request.log.error({ err: error }, appError.message);
    }
    if (appError.statusCode === 413) await drainBody(request.raw, DRAIN_BOUNDS);
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.statusCode).send(appError.toJSON());
  });
}
