import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import type { IdempotencyService } from './idempotency.service';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Response headers worth replaying: the quota state the first answer reported. */
const REPLAYED_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

/**
 * The HTTP side of Idempotency-Key, for the routes that create: reads and checks the header, keeps
 * the answer the route shaped (status, rate-limit headers, body), and replays a stored one.
 */
export function createIdempotencyHttp(service: IdempotencyService) {
  return {
    /** Account deletion: the account's keys and stored answers, in its transaction. */
    deleteForUser: service.deleteForUser,

    /**
     * Runs `handler` once per (account, Idempotency-Key); without the header it simply runs it.
     * `fingerprint` is what makes two requests the same (the parsed input; uploads by their hash).
     * `runName` is undefined without the header: nothing will retry the request as itself.
     */
    async handle<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      fingerprint: unknown,
      handler: (runName: string | undefined) => Promise<T>,
    ): Promise<T | FastifyReply> {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return handler(undefined);
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !KEY_PATTERN.test(key)) {
        throw AppError.badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters', [
          { field: 'Idempotency-Key', message: 'Invalid Idempotency-Key' },
        ]);
      }
      const outcome = await service.run({ userId, key, route: `${request.method} ${request.routeOptions.url}`, fingerprint }, handler, (result) => {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        return { status: reply.statusCode, headers, body: result };
      });
      if (!outcome.replayed) return outcome.result;
      reply.headers(outcome.answer.headers);
      reply.header('idempotent-replayed', 'true');
      return reply.status(outcome.answer.status).send(outcome.answer.body);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotencyHttp>;
