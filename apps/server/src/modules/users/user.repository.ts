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

    /**
     * A new sign-in address (a confirmed change, or its undo) ends every access token too. Both
     * come by a link mailed to that very address, so it counts as verified.
     */
    async setEmail(id: string, email: string, at: number, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('users')
        .set({ email, email_verified_at: at, session_version: sql<number>`session_version + 1`, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** Only while the account still uses `email` (a link proves the address it was mailed to). */
    async markEmailVerified(id: string, email: string, at: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.updateTable('users').set({ email_verified_at: at }).where('id', '=', id).where('email', '=', email).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Null when there is no such account. */
    async emailVerified(id: string, trx: Executor = db): Promise<boolean | null> {
      const row = await trx.selectFrom('users').select('email_verified_at').where('id', '=', id).executeTakeFirst();
      return row ? row.email_verified_at !== null : null;
    },

    async bumpSessionVersion(id: string): Promise<void> {
      await db.updateTable('users').set({ session_version: sql<number>`session_version + 1` }).where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
