import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

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
    const code = error.statusCode === 413 ? 'payload_too_large' : 'bad_request';
    return new AppError(code, error.message, error.statusCode);
  }
  return null;
}

/** DESIGN.md §4 in one place: every error leaves as `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError | null = null;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      // One message per field: the first rule it broke, as a form would show it.
      const byField = new Map<string, string>();
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        if (!byField.has(field)) byField.set(field, issue.message ?? 'Invalid value');
      }
      const details = [...byField].map(([field, message]) => ({ field, message }));
      appError = new AppError('validation_failed', details[0]?.message ?? 'Invalid input', 400, details);
    } else {
      appError = fromFastifyError(error);
    }

    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('internal_error', 'Something went wrong on our side', 500);
    } else if (appError.statusCode >= 500) {
      request.log.error({ err: error }, appError.message);
    }
    if (appError.headers) reply.headers(appError.headers);
    return reply.status(appError.statusCode).send(appError.toJSON());
  });
}
