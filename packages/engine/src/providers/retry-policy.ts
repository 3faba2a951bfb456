import { APICallError, RetryError } from 'ai';
import { EngineError } from '../errors/engine-error';

export interface RetryPolicy {
  readonly maxAttempts: number;
  readonly attemptTimeoutMs: number;
  readonly overallTimeoutMs: number;
  /** Full-jitter backoff: wait random(0, min(maxDelayMs, baseDelayMs * 2^retry)). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A server's Retry-After is honoured up to this much, so one header cannot park a request. */
  readonly maxRetryAfterMs: number;
  readonly random?: () => number;
  readonly sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 3,
  attemptTimeoutMs: 30_000,
  overallTimeoutMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 20_000,
});

type Failure =
  | { kind: 'rate_limited'; retryAfterMs?: number }
  | { kind: 'server' | 'network'; retryAfterMs?: number }
  | { kind: 'timeout' }
  | { kind: 'fatal' };

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function classify(error: unknown): Failure {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    const retryAfterMs = parseRetryAfter(cause.responseHeaders?.['retry-after']);
    if (status === 429) return { kind: 'rate_limited', retryAfterMs };
    if (status === 408) return { kind: 'timeout' };
    if (status !== undefined && status >= 500) return { kind: 'server', retryAfterMs };
    // No status at all means the request never got an answer (refused, reset).
    if (status === undefined && cause.isRetryable) return { kind: 'network' };
  }
  return { kind: 'fatal' };
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function finalError(failure: Failure, cause: unknown): EngineError {
  if (failure.kind === 'rate_limited') {
    return new EngineError('provider_rate_limited', 'The vision model is rate limited; try again shortly', {
      cause,
    });
  }
  if (failure.kind === 'timeout') {
    return new EngineError('provider_timeout', 'The vision model did not answer in time', { cause });
  }
  return new EngineError('provider_error', 'The vision model failed to describe the image', { cause });
}

/**
 * Runs a provider call under our one retry policy (the SDK's own retries are off):
 * retries 429, 5xx, timeouts and dropped connections with full-jitter backoff, honours
 * Retry-After, and bounds each attempt and the whole call by deadlines.
 */
export async function withRetries<T>(
  operation: (signal: AbortSignal) => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  callerSignal?: AbortSignal,
): Promise<T> {
  const random = policy.random ?? Math.random;
  const sleep = policy.sleep ?? defaultSleep;
  const overall = AbortSignal.timeout(policy.overallTimeoutMs);
  const outer = callerSignal ? AbortSignal.any([overall, callerSignal]) : overall;
  const startedAt = Date.now();

  for (let attempt = 1; ; attempt += 1) {
    const attemptDeadline = AbortSignal.timeout(policy.attemptTimeoutMs);
    let failure: Failure;
    let cause: unknown;
    try {
      return await operation(AbortSignal.any([outer, attemptDeadline]));
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (error instanceof EngineError) throw error;
      cause = error;
      failure = overall.aborted || attemptDeadline.aborted ? { kind: 'timeout' } : classify(error);
    }
    if (failure.kind === 'fatal' || overall.aborted || attempt >= policy.maxAttempts)
      throw finalError(failure, cause);

    const backoff = random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    const retryAfter = 'retryAfterMs' in failure ? failure.retryAfterMs : undefined;
    const delay =
      retryAfter === undefined ? backoff : Math.max(backoff, Math.min(retryAfter, policy.maxRetryAfterMs));
    // Waiting past the overall deadline only to fail later helps nobody: fail now, typed.
    if (Date.now() - startedAt + delay >= policy.overallTimeoutMs) throw finalError(failure, cause);
    try {
      await sleep(delay, outer);
    } catch {
      if (callerSignal?.aborted) throw callerSignal.reason;
      throw finalError({ kind: 'timeout' }, cause);
    }
  }
}
