import { APICallError } from 'ai';
import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../errors/engine-error';
import type { RetryPolicy } from './retry-policy';
import { parseRetryAfter, withRetries } from './retry-policy';

const apiError = (statusCode: number | undefined, headers: Record<string, string> = {}) =>
  new APICallError({
    message: `HTTP ${statusCode}`,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseHeaders: headers,
    isRetryable: statusCode === undefined || statusCode === 429 || statusCode >= 500,
  });

function policy(overrides: Partial<RetryPolicy> = {}) {
  const sleeps: number[] = [];
  const value: RetryPolicy = {
    maxAttempts: 3,
    attemptTimeoutMs: 1_000,
    overallTimeoutMs: 5_000,
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    maxRetryAfterMs: 3_000,
    random: () => 1,
    sleep: async (ms) => void sleeps.push(ms),
    ...overrides,
  };
  return { value, sleeps };
}

/** An operation that fails with the given errors in turn, then answers "ok". */
function failing(...errors: unknown[]) {
  return vi.fn(async () => {
    const next = errors.shift();
    if (next) throw next;
    return 'ok';
  });
}

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe('withRetries', () => {
  it('retries two transient 500s and then succeeds', async () => {
    const { value, sleeps } = policy();
    const operation = failing(apiError(500), apiError(503));
    await expect(withRetries(operation, value)).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(3);
    // Full jitter with random() = 1 gives the ceiling of each step: 100, then 200.
    expect(sleeps).toEqual([100, 200]);
  });

  it('honours Retry-After on a 429', async () => {
    const { value, sleeps } = policy();
    await withRetries(failing(apiError(429, { 'retry-after': '2' })), value);
    expect(sleeps).toEqual([2_000]);
  });

  it('caps a huge Retry-After', async () => {
    const { value, sleeps } = policy();
    await withRetries(failing(apiError(429, { 'retry-after': '3600' })), value);
    expect(sleeps).toEqual([3_000]);
  });

  it('fails at once, typed, when Retry-After would outlast the overall deadline', async () => {
    const { value, sleeps } = policy({ overallTimeoutMs: 1_000, maxRetryAfterMs: 10_000 });
    const error = await engineError(withRetries(failing(apiError(429, { 'retry-after': '5' })), value));
    expect(error.code).toBe('provider_rate_limited');
    expect(sleeps).toEqual([]);
  });

  it('gives up after three attempts with a typed error', async () => {
    const rateLimited = await engineError(
      withRetries(failing(apiError(429), apiError(429), apiError(429)), policy().value),
    );
    expect(rateLimited.code).toBe('provider_rate_limited');
    const broken = await engineError(
      withRetries(failing(apiError(500), apiError(502), apiError(500)), policy().value),
    );
    expect(broken.code).toBe('provider_error');
  });

  it('does not retry a client error', async () => {
    const operation = failing(apiError(400));
    expect((await engineError(withRetries(operation, policy().value))).code).toBe('provider_error');
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('retries a dropped connection', async () => {
    const operation = failing(apiError(undefined));
    await expect(withRetries(operation, policy().value)).resolves.toBe('ok');
  });

  it('times out a stalled attempt and retries it, then reports provider_timeout', async () => {
    const operation = vi.fn(
      (signal: AbortSignal) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    );
    const { value } = policy({ attemptTimeoutMs: 50 });
    const error = await engineError(withRetries(operation, value));
    expect(error.code).toBe('provider_timeout');
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('stops at the overall deadline', async () => {
    const operation = vi.fn(
      (signal: AbortSignal) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    );
    // The attempt alone would wait ten minutes: only the overall deadline can end it before the
    // test's own timeout does.
    const error = await engineError(
      withRetries(operation, policy({ attemptTimeoutMs: 600_000, overallTimeoutMs: 100 }).value),
    );
    expect(error.code).toBe('provider_timeout');
    expect(operation).toHaveBeenCalledTimes(1);
    expect(operation.mock.calls[0]![0].aborted).toBe(true);
  });

  it("passes the caller's abort through untouched", async () => {
    const controller = new AbortController();
    const operation = (signal: AbortSignal) =>
      new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    const pending = withRetries(operation, policy().value, controller.signal);
    controller.abort(new Error('request closed'));
    await expect(pending).rejects.toThrow('request closed');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});
