import type { FastifyReply } from 'fastify';
import { AppError, ErrorWithAnswer } from '../../platform/errors';

/**
 * What the usage module answers the endpoints that charge: plan quotas charged per image to the
 * account, and the usage events behind the analytics.
 */
export interface QuotaWindow {
  limit: number;
  remaining: number;
  /** Epoch ms when the window resets. */
  resetAt: number;
}

export type QuotaDecision =
  | { admitted: true; hour: QuotaWindow; day: QuotaWindow; /** Admission time, for refunds. */ at: number }
  | {
      admitted: false;
      hour: QuotaWindow;
      day: QuotaWindow;
      /** The window that is full. */
      window: 'hour' | 'day';
      retryAfterSeconds: number;
    };

export type RefusedDecision = Extract<QuotaDecision, { admitted: false }>;

/**
 * What a service throws when the quota refused: a decision, not an HTTP answer. The error handler
 * turns it into the 429 (quotaExceededError).
 */
export class QuotaExceeded extends ErrorWithAnswer {
  override name = 'QuotaExceeded';
  constructor(readonly decision: RefusedDecision) {
    super('quota exceeded');
  }

  toAppError(): AppError {
    return quotaExceededError(this.decision);
  }
}

const WINDOW_LABEL: Record<'hour' | 'day', string> = { hour: 'Hourly', day: 'Daily' };

/**
 * The 429 for a refused admission: code quota_exceeded, the window's wording, Retry-After (seconds
 * to the reset of the full window) and the X-RateLimit-* headers, so it is complete however thrown.
 */
export function quotaExceededError(decision: RefusedDecision): AppError {
  const full = decision[decision.window];
  const message = `${WINDOW_LABEL[decision.window]} limit of ${full.limit} requests reached`;
  return new AppError(
    'quota_exceeded',
    message,
    429,
    { window: decision.window, limit: full.limit, remaining: full.remaining, resetTime: new Date(full.resetAt).toISOString() },
    {
      'retry-after': String(Math.max(1, Math.ceil(decision.retryAfterSeconds))),
      ...rateLimitHeaders(decision),
    },
  );
}

export type UsageOutcome = 'success' | 'error' | 'throttled';

export interface UsageEvent {
  userId: string;
  apiKeyId: string | null;
  endpoint: string;
  outcome: UsageOutcome;
  images: number;
  processingMs: number;
  cached: boolean;
  /** Tokens the provider reported for the event's model calls; absent when none was called. */
  tokens?: EventTokens;
}

/** An event's tokens, as the provider reported them (see docs/cost.md). */
export interface EventTokens {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
}

export interface UsageRecorder {
  record(event: UsageEvent): Promise<void>;
}

/** X-RateLimit-* describe the hourly window on every counted response (and on the 429). */
export function rateLimitHeaders(decision: QuotaDecision): Record<string, string> {
  return {
    'x-ratelimit-limit': String(decision.hour.limit),
    'x-ratelimit-remaining': String(decision.hour.remaining),
    'x-ratelimit-reset': String(Math.ceil(decision.hour.resetAt / 1000)),
  };
}

/**
 * Of two decisions about one account, the one that reflects its quota later: the later hourly window,
 * then the fewer units left in it (and in the day). Concurrent admissions finish in any order; the
 * headers must say where the quota stands after all of them.
 */
export function laterDecision(a: QuotaDecision, b: QuotaDecision): QuotaDecision {
  if (a.hour.resetAt !== b.hour.resetAt) return a.hour.resetAt > b.hour.resetAt ? a : b;
  if (a.hour.remaining !== b.hour.remaining) return a.hour.remaining < b.hour.remaining ? a : b;
  return a.day.remaining <= b.day.remaining ? a : b;
}

export function setRateLimitHeaders(reply: FastifyReply, decision: QuotaDecision): void {
  reply.headers(rateLimitHeaders(decision));
}
