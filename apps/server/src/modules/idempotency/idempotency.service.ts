import { createHash, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { IdempotencyRepository } from './idempotency.repository';
import type { InstanceRegistry } from '../instances';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// How long a retry waits for the first request still running before answering 409.
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 100;

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
 * HTTP stays in idempotency.http.ts: this service is given the key and what the request was, and
 * answers with the run's result or the stored answer to replay.
 *
 * The handler is given the run's name (the record's id): the same for every attempt of one
 * request, a takeover included. The module knows nothing of what a run writes; a handler that
 * must find what a crashed attempt already charged names its rows with it (alt-text's
 * history-rows.ts), in the transaction that charges them.
 */
/** A finished run's answer as it is stored and replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One request under an Idempotency-Key: whose, which key, and what makes two requests the same. */
export interface IdempotentRequest {
  userId: string;
  key: string;
  /** The method and route, and the parsed input (uploads by their hash). */
  route: string;
  fingerprint: unknown;
}

export type IdempotentOutcome<T> = { replayed: false; result: T } | { replayed: true; answer: StoredAnswer };

export function createIdempotency(ctx: Pick<AppContext, 'now'>, keys: IdempotencyRepository, instance: InstanceRegistry) {

  async function runAndStore<T>(id: string, handler: (runName: string) => Promise<T>, answerOf: (result: T) => StoredAnswer): Promise<IdempotentOutcome<T>> {
    let result: T;
    try {
      result = await handler(id);
    } catch (error) {
      await keys.remove(id).catch(() => undefined);
      throw error;
    }
    const answer = answerOf(result);
    await keys.complete(id, { status: answer.status, headers: answer.headers, body: JSON.stringify(answer.body) });
    return { replayed: false, result };
  }

  return {
    /** Account deletion: the account's keys and stored answers, in its transaction. */
    deleteForUser: (userId: string, trx?: Executor) => keys.deleteForUser(userId, trx),

    /**
     * Runs `handler` once per (account, key), or gives the stored answer of the run that finished.
     * `answerOf` says what to store of a result (the answer's status and replayed headers too).
     */
    async run<T>(request: IdempotentRequest, handler: (runName: string) => Promise<T>, answerOf: (result: T) => StoredAnswer): Promise<IdempotentOutcome<T>> {
      const { userId, key } = request;
      const requestHash = createHash('sha256').update(`${request.route}\n${canonical(request.fingerprint)}`).digest('hex');
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;

      for (;;) {
        const id = randomUUID();
        if (await keys.claim({ user_id: userId, key, id, request_hash: requestHash, state: 'running', instance_id: instance.id, created_at: ctx.now() })) {
          return runAndStore(id, handler, answerOf);
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
        if (row.state === 'done') {
          const answer = { status: row.response_status ?? 200, headers: JSON.parse(row.response_headers ?? '{}') as Record<string, string>, body: JSON.parse(row.response_body ?? 'null') as unknown };
          return { replayed: true, answer };
        }
        if (!(await instance.isAlive(row.instance_id)) && (await keys.takeOver(row.id, row.instance_id, instance.id))) {
          return runAndStore(row.id, handler, answerOf);
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

export type IdempotencyService = ReturnType<typeof createIdempotency>;
