import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresSchema } from '../../test/support/test-server';
import type { DatabaseHandle } from './database';
import { migrateDatabase, openDatabase } from './database';

// PostgreSQL only: SQLite has no statement timeout.
describe.runIf(process.env.TEST_DATABASE_URL)('migrations and the statement timeout', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('migrates on a connection of its own, whatever statement timeout the requests have', async () => {
    const schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    cleanups.push(schema.drop);
    // 1 ms: no migration statement could finish under it (before, migrations ran on this pool).
    const handle: DatabaseHandle = openDatabase({ databaseUrl: schema.url, dataDir: '', pool: { statementTimeoutMs: 1 } });
    cleanups.push(() => handle.destroy());

    await migrateDatabase(handle, schema.url);

    const timeout = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(handle.db);
    expect(timeout.rows[0]?.statement_timeout).toBe('1ms');
    // Read back on a connection without that timeout (the catalogue query takes longer than 1 ms).
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      const tables = await client.query<{ name: string }>('select table_name as name from information_schema.tables where table_schema = current_schema()');
      expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['users', 'jobs', 'job_items', 'monitors']));
    } finally {
      await client.end();
    }
  });
});
