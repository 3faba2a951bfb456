import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('user_settings')
        .select('settings')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.settings ?? null;
    },

    async save(userId: string, settings: string, at: number): Promise<void> {
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, settings, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ settings, updated_at: at }))
        .execute();
    },

    async delete(userId: string): Promise<void> {
      await db.deleteFrom('user_settings').where('user_id', '=', userId).execute();
    },
  };
}
