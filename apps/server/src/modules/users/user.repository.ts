import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    async insert(row: UserRow): Promise<void> {
      await db.insertInto('users').values(row).execute();
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRow, 'first_name' | 'last_name' | 'email' | 'company' | 'plan' | 'updated_at'>>,
    ): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
