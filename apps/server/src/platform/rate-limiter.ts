import { sql } from 'kysely';
import type { AppContext } from './context';

export interface WindowCount {
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the rate_limits table (failed logins, the public demo). One atomic
 * upsert per hit, so concurrent requests can never both slip under the limit.
 */
export function createRateLimiter(ctx: Pick<AppContext, 'db' | 'now'>) {
  const windowOf = (windowMs: number) => {
    const now = ctx.now();
    const start = Math.floor(now / windowMs) * windowMs;
    return { start, retryAfterSeconds: Math.ceil((start + windowMs - now) / 1000) };
  };

  return {
    async hit(key: string, windowMs: number): Promise<WindowCount> {
      const { start, retryAfterSeconds } = windowOf(windowMs);
      const row = await ctx.db
        .insertInto('rate_limits')
        .values({ key, window_start: start, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
            window_start: sql<number>`excluded.window_start`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return { count: row.count, retryAfterSeconds };
    },

    async peek(key: string, windowMs: number): Promise<WindowCount> {
      const { start, retryAfterSeconds } = windowOf(windowMs);
      const row = await ctx.db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', start)
        .executeTakeFirst();
      return { count: row?.count ?? 0, retryAfterSeconds };
    },

    async reset(key: string): Promise<void> {
      await ctx.db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
