import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, createPostgresSchema } from '../../../test/support/test-server';
import { createMigrator } from '../database';
import { migrations } from './index';

/** A database migrated up to `0026`, as an instance running before address verification left it. */
async function databaseBefore(kind: (typeof DATABASES)[number]) {
  if (kind === 'sqlite') {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    return { db, migrator: new Migrator({ db, provider: { getMigrations: async () => migrations } }), drop: async () => undefined };
  }
  const schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 1 }) }) });
  return { db, migrator: await createMigrator(db, 'postgres'), drop: schema.drop };
}

const user = (id: string) => ({ id, email: `${id}@example.com`, password_hash: 'x', first_name: 'A', last_name: 'B', created_at: 1, updated_at: 1 });

for (const kind of DATABASES) {
  describe(`migration 0027: email verification (${kind})`, () => {
    let close: () => Promise<void> = async () => undefined;
    afterEach(() => close());

    it('counts the accounts that exist as verified (nobody loses their mail); accounts created later start unverified', async () => {
      const { db, migrator, drop } = await databaseBefore(kind);
      close = async () => {
        await db.destroy();
        await drop();
      };
      expect((await migrator.migrateTo('0026-email-changes')).error).toBeUndefined();
      await db.insertInto('users').values(user('before')).execute();

      expect((await migrator.migrateTo('0027-email-verification')).error).toBeUndefined();
      await db.insertInto('users').values(user('after')).execute();
      const rows = await db.selectFrom('users').select(['id', 'email_verified_at']).orderBy('id').execute();
      expect(rows.map((row) => ({ id: row.id, verified: row.email_verified_at !== null }))).toEqual([
        { id: 'after', verified: false },
        { id: 'before', verified: true },
      ]);
      await db.selectFrom('email_verifications').selectAll().execute();

      expect((await migrator.migrateTo('0026-email-changes')).error).toBeUndefined();
    });
  });
}
