import type { FastifyReply } from 'fastify';

/**
 * The contract between the generation endpoints and the usage module: plan quotas charged per
 * image to the account, and the usage events behind the analytics. Implemented in modules/usage.
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

export interface QuotaService {
  /** Atomically charges `units` to the account, or nothing when they do not all fit. */
  admit(userId: string, units: number): Promise<QuotaDecision>;
  /** Gives back units of work that failed on our side or the provider's. */
  refund(userId: string, units: number, admittedAt: number): Promise<void>;
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

export function setRateLimitHeaders(reply: FastifyReply, decision: QuotaDecision): void {
  reply.headers(rateLimitHeaders(decision));
}
