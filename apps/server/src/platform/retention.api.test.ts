import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@altwise/shared';
import { DATABASES, registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';


for (const database of DATABASES) {
  describe(`retention sweep (${database})`, () => {
    let server: TestServer;
    const now = Date.parse('2031-06-01T12:00:00.000Z');
    beforeAll(async () => {
      server = await startTestServer(database, { RETENTION_DAYS: '400', CACHE_TTL_DAYS: '30' }, { now: () => now });
    });
    afterAll(() => server.close());

    it('deletes what is past its time and keeps the rest, rollups included', async () => {
      const { user } = await registerUser(server);
      const db = server.app.db;
      const old = now - 401 * DAY_MS;
      const recent = now - DAY_MS;
      const event = (at: number) => ({ user_id: user.userId, api_key_id: null, endpoint: 'POST /api/v1/images', outcome: 'success', images: 1, processing_ms: 5, cached: 0, created_at: at });
      await db.insertInto('usage_events').values([event(old), event(recent)]).execute();
      await db.insertInto('usage_rollups').values({ user_id: user.userId, bucket_start: old, api_key_id: '', outcome: 'success', requests: 1, images: 1, processing_ms: 5 }).execute();
      const generation = (id: string, at: number) => ({
        id, user_id: user.userId, api_key_id: null, source: 'https://example.com/a.png', alt_text: 'A cat', long_description: null, is_decorative: 0,
        contains_text: 0, text_in_image: null, wcag_compliant: 1, issues: '[]', provider: 'offline', model: 'offline', cached: 0, processing_ms: 1, created_at: at, request_ref: null,
      });
      await db.insertInto('generations').values([generation('old-gen', old), generation('new-gen', recent)]).execute();
      await db.insertInto('alt_text_cache').values([
        { cache_key: 'unused', result: '{}', created_at: now - 60 * DAY_MS, used_at: now - 31 * DAY_MS },
        { cache_key: 'never-read', result: '{}', created_at: now - 31 * DAY_MS, used_at: null },
        { cache_key: 'read-lately', result: '{}', created_at: now - 60 * DAY_MS, used_at: now - 2 * DAY_MS },
      ]).execute();
      await db.insertInto('rate_limits').values([{ key: 'old', window_start: now - 2 * DAY_MS, count: 3 }, { key: 'now', window_start: now - 60_000, count: 1 }]).execute();
      const key = (id: string, at: number) => ({ user_id: user.userId, key: id, id, request_hash: 'h', state: 'done', instance_id: 'x', response_status: 200, response_headers: '{}', response_body: '{}', created_at: at });
      await db.insertInto('idempotency_keys').values([key('stale', now - DAY_MS - 1), key('fresh', now - 60_000)]).execute();

      expect(await server.app.lifecycle.sweep()).toBe(true);

      const ids = async (table: 'alt_text_cache' | 'rate_limits' | 'idempotency_keys' | 'generations') => {
        const column = table === 'alt_text_cache' ? 'cache_key' : table === 'rate_limits' ? 'key' : 'id';
        return (await db.selectFrom(table).select(`${column} as id` as never).execute()).map((row) => (row as { id: string }).id).sort();
      };
      expect(await ids('alt_text_cache')).toEqual(['read-lately']);
      // Only this test's windows (registration throttles of the suite live in the same table).
      expect((await ids('rate_limits')).filter((id) => id === 'old' || id === 'now')).toEqual(['now']);
      expect(await ids('idempotency_keys')).toEqual(['fresh']);
      expect(await ids('generations')).toEqual(['new-gen']);
      const events = await db.selectFrom('usage_events').select('created_at').where('user_id', '=', user.userId).execute();
      expect(events.map((row) => Number(row.created_at))).toEqual([recent]);
      const rollups = await db.selectFrom('usage_rollups').select('bucket_start').where('user_id', '=', user.userId).execute();
      expect(rollups).toHaveLength(1);
    });

    it('removes a job JOB_RETENTION_DAYS (90) after it ended, with its items and webhook deliveries', async () => {
      const { user } = await registerUser(server);
      const db = server.app.db;
      const ended = (days: number) => now - days * DAY_MS;
      const job = (id: string, status: string, finishedAt: number | null) => ({
        id: `${id}-${database}`, user_id: user.userId, api_key_id: null, status, total: 2, options: '{}', columns: '["image_url"]', row_errors: '[]', webhook_url: 'https://hooks.example.com/x',
        created_at: ended(200), started_at: ended(200), finished_at: finishedAt, waiting_until: null, progress_sent_at: null,
      });
      const jobs = [
        job('old-completed', 'completed', ended(91)),
        job('old-cancelled', 'cancelled', ended(120)),
        job('recent', 'completed', ended(89)),
        // Created long ago and still running: its end, not its start, counts.
        job('running', 'running', null),
        // An audit waits for this one's results (copied into the audit on its next read).
        job('audit-unread', 'completed', ended(100)),
      ];
      await db.insertInto('jobs').values(jobs).execute();
      await db.insertInto('job_items').values(jobs.flatMap((row) => [0, 1].map((idx) => ({
        job_id: row.id, idx, image_url: `https://example.com/${idx}.png`, context: null, client_id: null, columns: null, status: 'succeeded',
        lease_owner: null, result: null, error_code: null, error_message: null, review: null, finished_at: row.finished_at,
      })))).execute();
      await db.insertInto('webhook_deliveries').values(jobs.map((row) => ({
        id: `delivery-${row.id}`, user_id: user.userId, job_id: row.id, event: 'job.completed', url: 'https://hooks.example.com/x', payload: '{}', status: 'delivered',
        attempts: 1, attempts_log: '[]', next_attempt_at: ended(200), created_at: ended(200), finished_at: row.finished_at,
      }))).execute();
      await db.insertInto('audits').values({
        id: `audit-${database}`, user_id: user.userId, url: 'https://example.com/', final_url: 'https://example.com/', page_title: null, suggest: 1, summary: '{}', result: '[]',
        created_at: ended(100), job_id: `audit-unread-${database}`,
      }).execute();

      expect(await server.app.lifecycle.sweep()).toBe(true);

      const ids = jobs.map((row) => row.id);
      const kept = [`audit-unread-${database}`, `recent-${database}`, `running-${database}`];
      expect((await db.selectFrom('jobs').select('id').where('id', 'in', ids).orderBy('id').execute()).map((row) => row.id)).toEqual(kept);
      const items = await db.selectFrom('job_items').select('job_id').where('job_id', 'in', ids).execute();
      expect([...new Set(items.map((row) => row.job_id))].sort()).toEqual(kept);
      expect(items).toHaveLength(6);
      // This test's deliveries only: the server may finish the "running" job meanwhile (its items are
      // all done) and queue that job's own job.completed delivery beside them.
      const deliveries = await db.selectFrom('webhook_deliveries').select('job_id').where('id', 'in', ids.map((id) => `delivery-${id}`)).execute();
      expect(deliveries.map((row) => row.job_id).sort()).toEqual(kept);
    });

    it.runIf(database === 'sqlite')('gives the space of what it deleted back to the file system (SQLite: incremental vacuum)', async () => {
      const { user } = await registerUser(server);
      const db = server.app.db;
      const pages = async () => {
        const read = async (name: string) => Number(Object.values((await sql.raw<Record<string, number>>(`pragma ${name}`).execute(db)).rows[0]!)[0]);
        return { total: await read('page_count'), free: await read('freelist_count') };
      };
      const id = `bulky-${database}`;
      await db.insertInto('jobs').values({ id, user_id: user.userId, api_key_id: null, status: 'completed', total: 3_000, options: '{}', columns: '["image_url"]', row_errors: '[]', webhook_url: null, created_at: now - 200 * DAY_MS, started_at: now - 200 * DAY_MS, finished_at: now - 150 * DAY_MS, waiting_until: null, progress_sent_at: null }).execute();
      const result = JSON.stringify({ alt: 'x'.repeat(4_000) });
      for (let at = 0; at < 3_000; at += 500) {
        await db.insertInto('job_items').values(Array.from({ length: 500 }, (_, n) => ({ job_id: id, idx: at + n, image_url: `https://example.com/${at + n}.png`, context: null, client_id: null, columns: null, status: 'succeeded', lease_owner: null, result, error_code: null, error_message: null, review: null, finished_at: now - 150 * DAY_MS }))).execute();
      }
      const before = await pages();

      expect(await server.app.lifecycle.sweep()).toBe(true);

      const after = await pages();
      // ~12 MB of items went: the file is that much smaller, not the same size with free pages inside.
      expect(before.total - after.total).toBeGreaterThan(2_000);
      expect(after.free).toBeLessThan(after.total * 0.2);
    });
  });
}
