import type { Executor } from '../../db/executor';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

/** The rate_limits table: one counter per key, for the window that started at window_start. */
export function createRateLimitRepository(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit in the window starting at `windowStart` and returns the new count; a counter
     * left from an earlier window starts again at 1. One atomic upsert, so concurrent hits can
     * never both read the same count.
     */
    async increment(key: string, windowStart: number): Promise<number> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
            window_start: sql<number>`excluded.window_start`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Hits counted for `key` in the window starting at `windowStart` (0 for any other window). */
    async count(key: string, windowStart: number): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select('count')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return row?.count ?? 0;
    },

    /** Retention: windows long over (every throttle window is shorter than a day). */
    async deleteWindowsBefore(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('rate_limits').where('window_start', '<', before).execute();
    },

    /** Takes back one hit counted in the window starting at `windowStart` (never below 0). */
    async decrement(key: string, windowStart: number): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .where('count', '>', 0)
        .execute();
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
