import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_TABLESPACE_ENV } from './database-templates';
import { DATABASES, startTestServer } from './test-server';
import type { TestServer } from './test-server';

// CI puts the suites' PostgreSQL databases on a RAM disk (scripts/pg-database.mjs says why): nothing
// else fails if that stops happening, only CI's time, so this checks where a test server's database lives.
const tablespace = process.env[POSTGRES_TABLESPACE_ENV];

describe.runIf(DATABASES.includes('postgres') && tablespace)('a test server on PostgreSQL', () => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it(`has a database of its own in the run's tablespace (${POSTGRES_TABLESPACE_ENV})`, async () => {
    server = await startTestServer('postgres');
    const { rows } = await sql<{ datname: string; spcname: string }>`
      select d.datname, t.spcname from pg_database d join pg_tablespace t on t.oid = d.dattablespace
      where d.datname = current_database()`.execute(server.app.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.datname).not.toBe(new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1));
    expect(rows[0]!.spcname).toBe(tablespace);
  });
});
