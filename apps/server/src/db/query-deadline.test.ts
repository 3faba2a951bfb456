// One deadline for every database wait of a piece of work (issue 32 row 3): the wait for a pool
// connection and each query end at withQueryDeadline's deadline, whatever the pool's own timeouts.
// PostgreSQL behind a TCP proxy that stalls; the pool's timeouts are a minute, the deadline a fraction
// of a second, so the test cannot pass by the pool's timeouts (the test's own timeout guards a hang).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TcpProxy } from '@altwise/test-support/tcp-proxy';
import { startTcpProxy } from '@altwise/test-support/tcp-proxy';
import { createPostgresSchema, DATABASES } from '../../test/support/test-server';
import type { DatabaseHandle } from './database';
import { DatabaseTimeoutError, openDatabase } from './database';
import { withQueryDeadline } from './query-deadline';

const soon = () => performance.now() + 300;

describe.runIf(DATABASES.includes('postgres'))('a query deadline (postgres)', () => {
  let schema: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let handle: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    schema = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    const direct = new URL(schema.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(schema.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-deadline-'));
    handle = openDatabase({ databaseUrl: proxied.toString(), dataDir, pool: { size: 1, statementTimeoutMs: 60_000, connectTimeoutMs: 60_000 } });
    await sql`select 1`.execute(handle.db);
  });

  afterAll(async () => {
    proxy?.heal();
    await handle?.destroy();
    await proxy?.close();
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends a query the database does not answer at the deadline', async () => {
    proxy.stall();
    try {
      await expect(withQueryDeadline(soon(), () => sql`select 1`.execute(handle.db))).rejects.toBeInstanceOf(DatabaseTimeoutError);
    } finally {
      proxy.heal();
    }
    // The pool replaced the connection it destroyed.
    expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
  });

  it('ends the wait for a pool connection at the deadline, and the connection that comes later goes back to the pool', async () => {
    const held = await handle.db.connection().execute(async (connection) => {
      // The pool's only connection is busy: the next query waits for it.
      const waiting = withQueryDeadline(soon(), () => sql`select 1`.execute(handle.db));
      await expect(waiting).rejects.toBeInstanceOf(DatabaseTimeoutError);
      return (await sql<{ one: number }>`select 1 as one`.execute(connection)).rows;
    });
    expect(held).toEqual([{ one: 1 }]);
    expect((await sql<{ two: number }>`select 2 as two`.execute(handle.db)).rows).toEqual([{ two: 2 }]);
  });
});
