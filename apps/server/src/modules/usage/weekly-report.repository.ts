import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/executor';

export function createWeeklyReportRepository(db: Kysely<Database>) {
  return {
    /** Accounts that existed before the week ended and have no report for it, a page at a time (by id). */
    async unreported(weekStart: number, weekEnd: number, after: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('users.id')
        .where('users.id', '>', after)
        .where('users.created_at', '<', weekEnd)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('weekly_reports').select('weekly_reports.user_id').whereRef('weekly_reports.user_id', '=', 'users.id').where('weekly_reports.week_start', '=', weekStart))))
        .orderBy('users.id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Requests per outcome of the account in [from, to), from the hourly rollups. */
    async outcomes(userId: string, from: number, to: number): Promise<Array<{ outcome: string; requests: number }>> {
      const rows = await db
        .selectFrom('usage_rollups')
        .select(['outcome', (eb) => eb.fn.sum<number | string>('requests').as('requests')])
        .where('user_id', '=', userId)
        .where('bucket_start', '>=', from)
        .where('bucket_start', '<', to)
        .groupBy('outcome')
        .execute();
      return rows.map((row) => ({ outcome: row.outcome, requests: Number(row.requests) }));
    },

    /** True for the one caller that records the account's week: that caller sends the report. */
    async claim(userId: string, weekStart: number, at: number, trx: Executor): Promise<boolean> {
      const result = await trx
        .insertInto('weekly_reports')
        .values({ user_id: userId, week_start: weekStart, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'week_start']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    deleteForUser: async (userId: string, trx: Executor = db) => {
      await trx.deleteFrom('weekly_reports').where('user_id', '=', userId).execute();
    },
  };
}

export type WeeklyReportRepository = ReturnType<typeof createWeeklyReportRepository>;
