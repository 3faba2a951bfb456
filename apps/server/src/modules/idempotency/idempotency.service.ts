import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createIdempotencyRepository } from './idempotency.repository';
import type { InstanceRegistry } from '../instances';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// How long a retry waits for the first request still running before answering 409.
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;

/** Response headers worth replaying: the quota state the first answer reported. */
const REPLAYED_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

const canonical = (value: unknown): string => JSON.stringify(value, (_key, item) =>
  item && typeof item === 'object' && !Array.isArray(item) && !Buffer.isBuffer(item)
    ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
    : item,
);

/**
 * Stripe's Idempotency-Key semantics for create endpoints. The same account, key and request give
 * the first response again (status, body, rate-limit headers) and charge nothing, also while the
 * first is still running (the retry waits for it, then 409 idempotency_in_progress); the same key
 * with another request is 422 idempotency_key_reused. Keys live 24 hours. A run whose instance
 * died is taken over. Failed runs are forgotten: the key can be retried.
 *
 * The handler is given the run's name (the record's id): the same for every attempt of one
 * request, a takeover included. The module knows nothing of what a run writes; a handler that
 * must find what a crashed attempt already charged names its rows with it (alt-text's
 * history-rows.ts), in the transaction that charges them.
 */
export function createIdempotency(ctx: Pick<AppContext, 'db' | 'now'>, instance: InstanceRegistry) {
  const keys = createIdempotencyRepository(ctx.db);

  async function replay(reply: FastifyReply, row: { response_status: number | null; response_headers: string | null; response_body: string | null }) {
    reply.headers(JSON.parse(row.response_headers ?? '{}') as Record<string, string>);
    reply.header('idempotent-replayed', 'true');
    return reply.status(row.response_status ?? 200).send(JSON.parse(row.response_body ?? 'null'));
  }

  async function runAndStore<T>(id: string, reply: FastifyReply, handler: (runName: string) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await handler(id);
    } catch (error) {
      await keys.remove(id).catch(() => undefined);
      throw error;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await keys.complete(id, { status: reply.statusCode, headers, body: JSON.stringify(result) });
    return result;
  }

  return {
    /** Account deletion: the account's keys and stored answers, in its transaction. */
    deleteForUser: (userId: string, trx?: Executor) => keys.deleteForUser(userId, trx),

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
      const requestHash = createHash('sha256').update(`${request.method} ${request.routeOptions.url}\n${canonical(fingerprint)}`).digest('hex');
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;

      for (;;) {
        const id = randomUUID();
        if (await keys.claim({ user_id: userId, key, id, request_hash: requestHash, state: 'running', instance_id: instance.id, created_at: ctx.now() })) {
          return runAndStore(id, reply, handler);
        }
        const row = await keys.find(userId, key);
        if (!row) continue; // forgotten (a failed run) between the two statements: claim again
        if (Number(row.created_at) < ctx.now() - IDEMPOTENCY_TTL_MS) {
          await keys.remove(row.id);
          continue;
        }
        if (row.request_hash !== requestHash) {
          throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request', 422);
        }
        if (row.state === 'done') return replay(reply, row);
        if (!(await instance.isAlive(row.instance_id)) && (await keys.takeOver(row.id, row.instance_id, instance.id))) {
          return runAndStore(row.id, reply, handler);
        }
        if (Date.now() >= deadline) {
          throw new AppError('idempotency_in_progress', 'A request with this Idempotency-Key is still running; retry later', 409, undefined, {
            'retry-after': '1',
          });
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
