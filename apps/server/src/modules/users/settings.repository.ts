import type { Executor } from '../../db/executor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async find(userId: string, executor: Executor = db): Promise<string | null> {
      const row = await executor
        .selectFrom('user_settings')
        .select('settings')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.settings ?? null;
    },

    /** False when the account no longer exists (deleted while its access token still lives). */
    async save(userId: string, settings: string, at: number): Promise<boolean> {
      try {
        await db
          .insertInto('user_settings')
          .values({ user_id: userId, settings, updated_at: at })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at: at }))
          .execute();
        return true;
      } catch (error) {
        const code = (error as { code?: string } | null)?.code;
        if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') return false;
        throw error;
      }
    },

    async delete(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('user_settings').where('user_id', '=', userId).execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
