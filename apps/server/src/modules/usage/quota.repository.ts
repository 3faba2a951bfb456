import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

export type WindowName = 'hour' | 'day';

export interface Charge {
  userId: string;
  units: number;
  hour: { start: number; limit: number };
  day: { start: number; limit: number };
}

/** Thrown inside the admission transaction to undo the hour charge when the day is full. */
class DayFull extends Error {}

export function createQuotaRepository(db: Kysely<Database>) {
  return {
    /** Makes sure both counter rows exist; true when one was created (a new window began). */
    async ensureCounters(userId: string, hourStart: number, dayStart: number): Promise<boolean> {
      const result = await db
        .insertInto('quota_counters')
        .values([
          { user_id: userId, window: 'hour', window_start: hourStart, used: 0 },
          { user_id: userId, window: 'day', window_start: dayStart, used: 0 },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'window', 'window_start']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /**
     * Charges the hour row, then the day row, each only if the units still fit, in one
     * transaction. SQLite runs one transaction at a time; on PostgreSQL the row lock taken by the
     * first UPDATE makes a concurrent one wait and re-check `used + n <= limit` on the new value.
     * Always hour then day, so two admissions never lock in opposite orders.
     * Returns the new totals, or the window that refused (and nothing is charged).
     */
    async charge(input: Charge): Promise<{ hourUsed: number; dayUsed: number } | { refused: WindowName }> {
      const bump = (trx: Kysely<Database>, window: WindowName, start: number, limit: number) =>
        trx
          .updateTable('quota_counters')
          .set({ used: sql<number>`used + ${input.units}` })
          .where('user_id', '=', input.userId)
          .where('window', '=', window)
          .where('window_start', '=', start)
          .where(sql<number>`used + ${input.units}`, '<=', limit)
          .returning('used')
          .executeTakeFirst();
      try {
        return await db.transaction().execute(async (trx) => {
          const hour = await bump(trx, 'hour', input.hour.start, input.hour.limit);
          if (!hour) return { refused: 'hour' as const };
          const day = await bump(trx, 'day', input.day.start, input.day.limit);
          if (!day) throw new DayFull();
          return { hourUsed: Number(hour.used), dayUsed: Number(day.used) };
        });
      } catch (error) {
        if (error instanceof DayFull) return { refused: 'day' };
        throw error;
      }
    },

    /** Gives units back to two windows, never below zero; hour then day, like charge. */
    async uncharge(userId: string, units: number, hourStart: number, dayStart: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [window, start] of [
          ['hour', hourStart],
          ['day', dayStart],
        ] as const) {
          await trx
            .updateTable('quota_counters')
            .set({ used: sql<number>`case when used > ${units} then used - ${units} else 0 end` })
            .where('user_id', '=', userId)
            .where('window', '=', window)
            .where('window_start', '=', start)
            .execute();
        }
      });
    },

    async used(userId: string, hourStart: number, dayStart: number): Promise<{ hour: number; day: number }> {
      const rows = await db
        .selectFrom('quota_counters')
        .select(['window', 'used'])
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb.and([eb('window', '=', 'hour'), eb('window_start', '=', hourStart)]),
            eb.and([eb('window', '=', 'day'), eb('window_start', '=', dayStart)]),
          ]),
        )
        .execute();
      const of = (window: WindowName) => Number(rows.find((row) => row.window === window)?.used ?? 0);
      return { hour: of('hour'), day: of('day') };
    },

    /** Drops windows that ended before `before` (they can no longer be charged or refunded). */
    async pruneBefore(userId: string, before: number): Promise<void> {
      await db.deleteFrom('quota_counters').where('user_id', '=', userId).where('window_start', '<', before).execute();
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.deleteFrom('quota_counters').where('user_id', '=', userId).execute();
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
