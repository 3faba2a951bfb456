import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    /** Every account, oldest first (the operator's list-users). */
    listAll: () => db.selectFrom('users').selectAll().orderBy('created_at', 'asc').orderBy('id', 'asc').execute(),

    async insert(row: UserRow): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'company' | 'plan' | 'updated_at'>>,
      trx: Executor = db,
    ): Promise<void> {
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('users').where('id', '=', id).execute();
    },

    async sessionVersion(id: string): Promise<number | null> {
      const row = await db.selectFrom('users').select('session_version').where('id', '=', id).executeTakeFirst();
      return row ? Number(row.session_version) : null;
    },

    /** A new password ends every access token issued before it (the session version moves on). */
    async setPasswordHash(id: string, passwordHash: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, session_version: sql<number>`session_version + 1`, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** A new sign-in address (a confirmed change, or its undo) ends every access token too. */
    async setEmail(id: string, email: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ email, session_version: sql<number>`session_version + 1`, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async bumpSessionVersion(id: string): Promise<void> {
      await db.updateTable('users').set({ session_version: sql<number>`session_version + 1` }).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
