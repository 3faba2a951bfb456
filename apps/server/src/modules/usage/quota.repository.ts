import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, QuotaReservationsTable } from '../../db/schema';

export type WindowName = 'hour' | 'day';

export interface Charge {
  userId: string;
  units: number;
  hour: { start: number; limit: number };
  day: { start: number; limit: number };
  /**
   * Written in the same transaction as the charge: a charge never exists without its
   * reservations (one per admitted request; `units` is their sum).
   */
  reservations: Array<Insertable<QuotaReservationsTable>>;
  /** PostgreSQL: commit without waiting for the WAL flush (shorter hold of the hot row lock). */
  asyncCommit?: boolean;
}

/** Thrown inside the admission transaction to roll it back when a window is full. */
class WindowFull extends Error {
  constructor(readonly window: WindowName) {
    super(`${window} window full`);
  }
}

export function createQuotaRepository(db: Kysely<Database>) {
  return {
    /**
     * Charges both windows or neither, with ONE statement in a transaction: a two-row upsert (hour,
     * then day) that creates a window's row already charged, or adds to it only while
     * `used + n <= limit` (the WHERE of DO UPDATE). A row missing from RETURNING is a window that
     * refused; the transaction is then rolled back, so the other is not charged alone. Exact under
     * concurrency on both databases: SQLite runs one write transaction at a time; on PostgreSQL
     * the conflicting row is locked and the WHERE is evaluated on its latest committed version, so
     * two admissions can never both see room for the last unit. Rows are always taken hour then
     * day, so two admissions never lock in opposite orders.
     * The reservation row is inserted first: it locks nothing others wait for, so the hot counter
     * rows are locked only for the upsert and the commit.
     * Several requests' reservations are charged together as their sum, all or nothing.
     * Returns the new totals (and whether the hour row is new: a new window began), or the window
     * that refused (and nothing is charged).
     */
    async charge(
      input: Charge,
    ): Promise<{ hourUsed: number; dayUsed: number; newHour: boolean } | { refused: WindowName }> {
      // A fresh row starts at `units`, which the WHERE never sees: refuse what cannot fit at all.
      if (input.units > input.hour.limit) return { refused: 'hour' };
      if (input.units > input.day.limit) return { refused: 'day' };
      try {
        return await db.transaction().execute(async (trx) => {
          // The account's counter rows stay locked until COMMIT, and every admission of the account
          // queues behind them: on PostgreSQL this commit does not wait for its WAL flush, so the
          // lock is held for the statements alone. Safe: a unit's settlement commits synchronously
          // after its admission (flushing it too), and a settlement that finds no reservation
          // (one lost in a database crash) charges the unit again; see settleIn.
          if (input.asyncCommit) await sql`set local synchronous_commit = off`.execute(trx);
          await trx.insertInto('quota_reservations').values(input.reservations).execute();
          const rows = await trx
            .insertInto('quota_counters')
            .values([
              { user_id: input.userId, window: 'hour', window_start: input.hour.start, used: input.units },
              { user_id: input.userId, window: 'day', window_start: input.day.start, used: input.units },
            ])
            .onConflict((oc) =>
              oc
                .columns(['user_id', 'window', 'window_start'])
                .doUpdateSet({ used: sql<number>`quota_counters.used + excluded.used` })
                .where(
                  sql<number>`quota_counters.used + excluded.used`,
                  '<=',
                  // Typed, or PostgreSQL reads the parameters of a CASE as text.
                  sql<number>`case when quota_counters.window = 'hour' then cast(${input.hour.limit} as integer) else cast(${input.day.limit} as integer) end`,
                ),
            )
            .returning(['window', 'used'])
            .execute();
          const hour = rows.find((row) => row.window === 'hour');
          if (!hour) throw new WindowFull('hour');
          const day = rows.find((row) => row.window === 'day');
          if (!day) throw new WindowFull('day');
          const hourUsed = Number(hour.used);
          return { hourUsed, dayUsed: Number(day.used), newHour: hourUsed === input.units };
        });
      } catch (error) {
        if (error instanceof WindowFull) return { refused: error.window };
        throw error;
      }
    },

    /** Gives units back to two windows, never below zero; hour then day, like charge. */
    async uncharge(trx: Executor, userId: string, units: number, hourStart: number, dayStart: number): Promise<void> {
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
    },

    /**
     * Charges units whatever the limit: a unit delivered after its reservation was released (its
     * instance looked dead, then came back) was received, so it is counted again.
     */
    async chargeOverLimit(trx: Executor, userId: string, units: number, hourStart: number, dayStart: number): Promise<void> {
      await trx
        .insertInto('quota_counters')
        .values([
          { user_id: userId, window: 'hour', window_start: hourStart, used: units },
          { user_id: userId, window: 'day', window_start: dayStart, used: units },
        ])
        .onConflict((oc) =>
          oc.columns(['user_id', 'window', 'window_start']).doUpdateSet({ used: sql<number>`quota_counters.used + excluded.used` }),
        )
        .execute();
    },

    async used(userId: string, hourStart: number, dayStart: number, executor: Executor = db): Promise<{ hour: number; day: number }> {
      const rows = await executor
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

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('quota_counters').where('user_id', '=', userId).execute();
      await trx.deleteFrom('quota_reservations').where('user_id', '=', userId).execute();
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
