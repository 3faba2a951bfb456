import type { AppContext } from '../../platform/context';
import type { RateLimitRepository } from './rate-limit.repository';

export interface WindowCount {
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** Fixed-window counters in the rate_limits table (failed logins, the public demo). */
export function createRateLimiter(ctx: Pick<AppContext, 'now'>, counters: RateLimitRepository) {
  const windowOf = (windowMs: number) => {
    const now = ctx.now();
    const start = Math.floor(now / windowMs) * windowMs;
    return { start, retryAfterSeconds: Math.ceil((start + windowMs - now) / 1000) };
  };

  return {
    async hit(key: string, windowMs: number): Promise<WindowCount> {
      const { start, retryAfterSeconds } = windowOf(windowMs);
      return { count: await counters.increment(key, start), retryAfterSeconds };
    },

    async peek(key: string, windowMs: number): Promise<WindowCount> {
      const { start, retryAfterSeconds } = windowOf(windowMs);
      return { count: await counters.count(key, start), retryAfterSeconds };
    },

    /** Gives back a hit that turned out not to count (an attempt refused before any work). */
    async refund(key: string, windowMs: number): Promise<void> {
      await counters.decrement(key, windowOf(windowMs).start);
    },

    reset: (key: string) => counters.remove(key),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
