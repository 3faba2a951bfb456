import { errorBodySchema } from '@altwise/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ErrorStatus } from './errors';

/** What each status means on this API (docs/api-conventions.md#errors), shown beside the error envelope in the docs. */
const MEANING: Record<ErrorStatus, string> = {
  400: 'Invalid input: `details` names each field and its message',
  401: 'Not signed in, or a missing, invalid or revoked API key',
  403: 'The plan does not allow it',
  404: 'Not found (also for another account’s objects)',
  409: 'Conflicts with the current state',
  413: 'The body or the image is too large',
  415: 'Unsupported content type or image type',
  422: 'The image could not be fetched or decoded, or the payment was declined',
  429: 'A quota or rate limit was reached: wait for Retry-After seconds',
  500: 'Our own failure; nothing about it is shown',
  502: 'The AI provider failed',
  503: 'The AI provider is limiting our requests',
  504: 'The AI provider did not answer in time',
};

/**
 * The `{ error: { code, message, details } }` envelope for each status, for a route's
 * `schema.response`: `response: { 200: thing, ...errorResponses(409, 429) }`.
 */
export function errorResponses(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, typeof errorBodySchema>> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema.describe(MEANING[status])]));
}

/** The statuses any route can answer with, read from what it declares: input, params, security. */
function implied(schema: FastifySchema & { security?: unknown[] }): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (schema.body || schema.querystring || schema.params) statuses.push(400);
  if (schema.security && schema.security.length > 0) statuses.push(401);
  if (schema.params) statuses.push(404);
  if (schema.body) statuses.push(413, 415);
  statuses.push(500);
  return statuses;
}

/**
 * Every documented route also documents its errors: the ones its schema implies, plus whatever it
 * lists itself with errorResponses(). The same schemas serialize the answers, so the error handler
 * cannot send anything but the envelope on a documented status.
 */
export function registerErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean; security?: unknown[] }) | undefined;
    if (!schema || schema.hide) return;
    schema.response = { ...errorResponses(...implied(schema)), ...(schema.response as object | undefined) };
  });
}
