import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DialectName } from '../../db/database';
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
}

/** Thrown inside the admission transaction to roll it back when a window is full. */
class WindowFull extends Error {
  constructor(readonly window: WindowName) {
    super(`${window} window full`);
  }
}

/**
 * A transaction that commits without waiting for its WAL flush, in as few round trips as
 * PostgreSQL allows: BEGIN and SET LOCAL go as one simple query (no parameters: the simple
 * protocol takes several statements), then `run`, then COMMIT.
 */
function asyncCommitTransaction<T>(db: Kysely<Database>, run: (trx: Executor) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql.raw('begin; set local synchronous_commit = off').execute(connection);
    let result: T;
    try {
      result = await run(connection);
    } catch (error) {
      await sql.raw('rollback').execute(connection).catch(() => undefined);
      throw error;
    }
    await sql.raw('commit').execute(connection);
    return result;
  });
}

export function createQuotaRepository(db: Kysely<Database>, dialect: DialectName) {
  /** The guarded two-row upsert (see charge); on PostgreSQL the reservations ride in the same statement. */
  function upsertCounters(trx: Executor, input: Charge) {
    const counters = [
      { user_id: input.userId, window: 'hour', window_start: input.hour.start, used: input.units },
      { user_id: input.userId, window: 'day', window_start: input.day.start, used: input.units },
    ];
    // The WITH adds a name the statement never reads: for the builder it is the same query creator.
    const creator = (
      dialect === 'postgres' ? trx.with('reserved', (cte) => cte.insertInto('quota_reservations').values(input.reservations).returning('id')) : trx
    ) as Pick<Executor, 'insertInto'>;
    return creator
      .insertInto('quota_counters')
      .values(counters)
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
  }

  /**
   * The admission's statements. On PostgreSQL: one statement (a data-modifying WITH writes the
   * reservations) in a transaction that commits without waiting for its WAL flush, so the
   * account's counter rows, which every admission of the account queues behind until COMMIT, are
   * locked for three round trips instead of five. Safe: a unit's settlement commits synchronously
   * after its admission (flushing it too), and a settlement that finds no reservation (one lost
   * in a database crash) charges the unit again; see settleIn. On SQLite (no data-modifying WITH;
   * in process, so round trips cost little): the reservations, then the upsert.
   */
  function inAdmission<T>(input: Charge, run: (trx: Executor) => Promise<T>): Promise<T> {
    if (dialect === 'postgres') return asyncCommitTransaction(db, run);
    return db.transaction().execute(async (trx) => {
      await trx.insertInto('quota_reservations').values(input.reservations).execute();
      return run(trx);
    });
  }

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
     * The reservation rows are written in the same transaction (see inAdmission).
     * Several requests' reservations are charged together as their sum, all or nothing.
     * Returns the new totals, or the window that refused (and nothing is charged).
     */
    async charge(
      input: Charge,
    ): Promise<{ hourUsed: number; dayUsed: number } | { refused: WindowName }> {
      // A fresh row starts at `units`, which the WHERE never sees: refuse what cannot fit at all.
      if (input.units > input.hour.limit) return { refused: 'hour' };
      if (input.units > input.day.limit) return { refused: 'day' };
      try {
        return await inAdmission(input, async (trx) => {
          const rows = await upsertCounters(trx, input);
          const hour = rows.find((row) => row.window === 'hour');
          if (!hour) throw new WindowFull('hour');
          const day = rows.find((row) => row.window === 'day');
          if (!day) throw new WindowFull('day');
          return { hourUsed: Number(hour.used), dayUsed: Number(day.used) };
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

    /** The account's plan id, read in `executor` (an unknown account reads as free). */
    async planIn(executor: Executor, userId: string): Promise<string> {
      const row = await executor.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
      return row?.plan ?? 'free';
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

    /** Drops every account's windows that began before `before` (they can no longer be charged or refunded). */
    async deleteWindowsBefore(trx: Executor, before: number): Promise<void> {
      await trx.deleteFrom('quota_counters').where('window_start', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('quota_counters').where('user_id', '=', userId).execute();
      await trx.deleteFrom('quota_reservations').where('user_id', '=', userId).execute();
    },
  };
}

export type QuotaRepository = ReturnType<typeof createQuotaRepository>;
