import { parseRetryAfter } from './errors.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff of a 503/504; doubled each time, with jitter (default 500 ms). */
  baseDelayMs?: number;
  /** A 429 asking to wait longer than this is not retried: the caller gets the error (default 60 s). */
  maxRetryAfterSeconds?: number;
  /** Replaceable wait (tests). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The SDK's one backoff, before retry `attempt + 1` of a request the server could not take now
 * (503/504, a dropped connection) and that named no Retry-After: `baseDelayMs` doubled each time,
 * with ±25 % jitter so clients that failed together do not come back together.
 */
export function backoffMs(attempt: number, baseDelayMs = 500, random: () => number = Math.random): number {
  return baseDelayMs * 2 ** attempt * (0.75 + random() * 0.5);
}

/**
 * A fetch that retries what is safe to retry: 429 after Retry-After, 503/504 with exponential
 * backoff. The very same request (its Idempotency-Key included) is sent again, so a retry of a
 * request that did reach the server replays its answer instead of charging twice.
 */
export function retryingFetch(inner: (request: Request) => Promise<Response>, options: RetryOptions = {}) {
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 60;
  const sleep = options.sleep ?? wait;

  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await inner(request.clone());
      if (attempt >= maxRetries) return response;
      if (response.status === 429) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        if (retryAfter === null || retryAfter > maxRetryAfter) return response;
        await response.body?.cancel();
        await sleep(retryAfter * 1000);
        continue;
      }
      if (response.status === 503 || response.status === 504) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const backoff = backoffMs(attempt, baseDelayMs);
        await response.body?.cancel();
        await sleep(retryAfter !== null && retryAfter <= maxRetryAfter ? retryAfter * 1000 : backoff);
        continue;
      }
      return response;
    }
  };
}
