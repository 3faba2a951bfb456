import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { TestDatabase } from './test-server';
import { createPostgresSchema } from './test-server';
import { createMigrator } from '../../src/db/database';

/**
 * An empty database and our migrator over it, for a migration test to migrate up to the migration
 * before the one it tests, write rows as an older instance did, then migrate on. `drop` removes the
 * PostgreSQL schema (the caller destroys `db` first).
 */
export async function migrationTestDatabase(kind: TestDatabase) {
  if (kind === 'sqlite') {
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    return { db, migrator: await createMigrator(db, 'sqlite'), drop: async () => undefined };
  }
  const schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url, max: 1 }) }) });
  return { db, migrator: await createMigrator(db, 'postgres'), drop: schema.drop };
}
