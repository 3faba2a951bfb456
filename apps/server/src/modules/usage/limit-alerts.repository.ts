import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Executor } from '../../db/executor';

export interface LimitAlertKey {
  userId: string;
  window: 'hour' | 'day';
  windowStart: number;
  level: number;
}

export function createLimitAlertsRepository(db: Kysely<Database>) {
  return {
    /** True for the one caller (of any instance) whose row this is: that caller sends the alert. */
    async claim(key: LimitAlertKey, at: number, trx: Executor): Promise<boolean> {
      const result = await trx
        .insertInto('limit_alerts')
        .values({ user_id: key.userId, window: key.window, window_start: key.windowStart, level: key.level, created_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'window', 'window_start', 'level']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    deleteForUser: async (userId: string, trx: Executor = db) => {
      await trx.deleteFrom('limit_alerts').where('user_id', '=', userId).execute();
    },
  };
}

export type LimitAlertsRepository = ReturnType<typeof createLimitAlertsRepository>;
