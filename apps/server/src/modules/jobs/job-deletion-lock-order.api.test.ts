// An account's jobs deleted while an item of its running job settles (PostgreSQL): both take the
// job's row before its items' rows, so neither waits for the other in a cycle. Before, the deletion
// took the items first and the settle the job row first: PostgreSQL broke the deadlock by failing
// one of them, and the account deletion answered 500 (seen twice in CI).
import pg from 'pg';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { setPlan } from '../alt-text/alt-text.test-support';
import { createJobsRepository } from './jobs.repository';

describe.runIf(DATABASES.includes('postgres'))('deleting an account\'s jobs while one of its items settles (postgres)', () => {
  let server: TestServer;
  let host: ImageHost;
  beforeAll(async () => {
    // The job's pictures are on a loopback host: nothing of this test leaves the machine.
    host = await startImageHost();
    server = await startTestServer('postgres', { IMAGE_FETCH_ALLOW: host.hostPort });
  });
  afterAll(async () => {
    await server?.close();
    await host?.close();
  });

  it('takes the job row first, as a settle does: no deadlock, both finish', async () => {
    const session = await registerUser(server);
    const userId = session.user.userId as string;
    await setPlan(server, userId, 'pro');
    const created = await server.request('POST', '/api/v1/jobs', { token: session.token, body: { items: [{ imageUrl: `${host.url}/a.png` }, { imageUrl: `${host.url}/b.png` }] } });
    expect(created.status).toBe(202);
    const jobId = created.body.id as string;

    // The settle: the job's row, then (below) one of its items, on a connection of its own.
    const settle = new pg.Client({ connectionString: server.databaseUrl! });
    await settle.connect();
    try {
      await settle.query('begin');
      await settle.query('update jobs set items_pending = items_pending where id = $1', [jobId]);
      // The deletion, meanwhile, in the app's own transaction.
      const jobs = createJobsRepository(server.app.db);
      const deletion = server.app.db.transaction().execute((trx) => jobs.deleteForUser(trx, userId)).then(
        () => 'deleted',
        (error: Error) => error.message,
      );
      // Wait until the deletion waits for a lock the settle holds.
      for (;;) {
        const waiting = await settle.query(`select count(*)::int as n from pg_locks where not granted`);
        if (waiting.rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const settled = await settle.query(`update job_items set attempts = attempts + 1 where job_id = $1 and idx = 0`, [jobId]).then(
        () => 'settled',
        (error: Error) => error.message,
      );
      await settle.query(settled === 'settled' ? 'commit' : 'rollback');
      expect(settled).toBe('settled');
      expect(await deletion).toBe('deleted');
    } finally {
      await settle.end();
    }
  }, 60_000);
});
