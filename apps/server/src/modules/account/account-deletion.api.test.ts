import { sql } from 'kysely';
import type { ReceivedWebhook, WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';

/** A delivery's job and event. */
const hitOf = (hook: ReceivedWebhook) => ({ jobId: (JSON.parse(hook.body) as { data: { job: { id: string } } }).data.job.id, event: String(hook.headers['altwise-event']) });

/**
 * Every table with a user_id column, read from the database's own catalogue: a table added later
 * is covered without touching this test.
 */
async function tablesWithUserId(server: TestServer): Promise<string[]> {
  const db = server.app.db;
  const rows = server.databaseUrl
    ? await sql<{ name: string }>`select table_name as name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema()`.execute(db)
    : await sql<{ name: string }>`select m.name as name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and p.name = 'user_id'`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

/** Rows that still name the account, table by table (only the non-empty ones), job items included. */
async function rowsLeft(server: TestServer, userId: string, jobIds: string[]): Promise<Record<string, number>> {
  const db = server.app.db;
  const left: Record<string, number> = {};
  for (const table of await tablesWithUserId(server)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(db);
    if (Number(rows[0]!.n) > 0) left[table] = Number(rows[0]!.n);
  }
  const users = await db.selectFrom('users').select('id').where('id', '=', userId).execute();
  if (users.length > 0) left.users = users.length;
  const items = jobIds.length ? await db.selectFrom('job_items').select('idx').where('job_id', 'in', jobIds).execute() : [];
  if (items.length > 0) left.job_items = items.length;
  return left;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Issue 18 row 6: deleting an account removes every row it owns in one transaction, and stops
 * its running jobs and pending webhook deliveries at once: nothing is described, charged or
 * delivered for it afterwards.
 */
for (const database of DATABASES) {
  describe(`account deletion with running work (${database})`, () => {
    let env: JobsTestEnv;
    let receiver: WebhookReceiver;
    // Deliveries for these jobs are answered 500.
    const failing = new Set<string>();

    beforeAll(async () => {
      receiver = await startWebhookReceiver({ status: (hook) => (failing.has(hitOf(hook).jobId) ? 500 : 200) });
      // Two model calls at once, each 120 ms; the test holds the model while the account goes (see below).
      env = await startJobsEnv(database, { webhookAllow: [receiver.hostPort], webhookRetryBaseMs: 200, env: { MODEL_CONCURRENCY: '2' } });
      env.vision.setLatency(120);
    });
    afterAll(async () => {
      await env?.close();
      await receiver.close();
    });

    it('lists the tables with a user id from the schema itself', async () => {
      const tables = await tablesWithUserId(env.server);
      for (const table of ['api_keys', 'jobs', 'webhook_deliveries', 'webhook_secrets', 'audits', 'idempotency_keys', 'alt_text_cache', 'generations', 'quota_counters', 'usage_events']) {
        expect(tables).toContain(table);
      }
    });

    it('removes every row of the account, stops its running job and its pending deliveries on the spot', async () => {
      const { token, userId } = await env.proUser();
      const server = env.server;
      expect((await server.request('POST', '/api/v1/webhooks/secret', { token })).status).toBe(201);
      expect((await server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
      const { apiKey } = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body;
      // An audit row as the audits module stores it (this suite is not about auditing).
      await server.app.db
        .insertInto('audits')
        .values({ id: `audit-${userId}`, user_id: userId, url: 'https://example.com/launch', final_url: 'https://example.com/launch', page_title: 'Launch', suggest: 0, summary: '{}', result: '[]', created_at: Date.now(), job_id: null })
        .execute();
      // A site monitor with a run, as the monitors module stores them: both go with the account.
      await server.app.db
        .insertInto('monitors')
        .values({ id: `monitor-${userId}`, user_id: userId, url: 'https://example.com/', schedule: 'manual', max_pages: 10, include: null, exclude: null, next_run_at: null, created_at: Date.now(), updated_at: Date.now() })
        .execute();
      await server.app.db
        .insertInto('monitor_runs')
        .values({ id: `run-${userId}`, monitor_id: `monitor-${userId}`, user_id: userId, number: 1, status: 'completed', trigger: 'manual', seeds: null, findings: null, summary: null, error: null, lease_owner: null, lease_until: null, created_at: Date.now(), started_at: null, finished_at: null })
        .execute();

      // A finished job whose job.completed keeps failing: its delivery stays pending, retried.
      const small = await server.request('POST', '/api/v1/jobs', { apiKey, headers: { 'idempotency-key': `job-${userId}` }, body: { items: (await env.hostImages(2)).map((imageUrl) => ({ imageUrl, context: `Falcon ${userId}` })) } });
      expect(small.status).toBe(202);
      failing.add(small.body.id);
      await env.waitFor(token, small.body.id);
      await until(() => receiver.received.map(hitOf).some((hit) => hit.jobId === small.body.id && hit.event === 'job.completed'), 'the first job.completed attempt');

      // A running job, well under way.
      const urls = await env.hostImages(60);
      const big = await server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl, context: `Falcon ${userId}` })) } });
      expect(big.status).toBe(202);
      failing.add(big.body.id);
      await env.waitFor(token, big.body.id, (job) => job.counts.succeeded >= 4);
      // From here the model holds its answers until the account is gone: the job is still running at
      // the deletion however slow the machine (its 120 ms calls alone could let a slow test see it end).
      env.vision.hold();
      const jobIds = [small.body.id as string, big.body.id as string];

      const before = await rowsLeft(server, userId, jobIds);
      for (const table of ['users', 'api_keys', 'jobs', 'job_items', 'webhook_deliveries', 'webhook_secrets', 'audits', 'idempotency_keys', 'alt_text_cache', 'quota_counters']) {
        expect(before[table], table).toBeGreaterThan(0);
      }
      expect((await server.request('GET', `/api/v1/jobs/${big.body.id}`, { token })).body.status).toBe('running');

      expect((await server.request('DELETE', '/api/v1/user', { token })).status).toBe(200);
      const visionMark = env.vision.requests.length;
      const receiverMark = receiver.received.length;
      // The calls held at the deletion are answered now; nothing new may follow them.
      env.vision.release();
      expect(await rowsLeft(server, userId, jobIds)).toEqual({});

      // Work goes on for others: a bystander's job is described and its webhook delivered, so the
      // dispatcher and the deliverer have swept since the deletion.
      const bystander = await env.proUser();
      await server.request('POST', '/api/v1/webhooks/secret', { token: bystander.token });
      const theirs = await server.request('POST', '/api/v1/jobs', { token: bystander.token, body: { items: (await env.hostImages(3)).map((imageUrl) => ({ imageUrl })), webhookUrl: receiver.url } });
      expect(theirs.status).toBe(202);
      await env.waitFor(bystander.token, theirs.body.id, (job) => job.status === 'completed', 30_000);
      await until(() => receiver.received.map(hitOf).some((hit) => hit.jobId === theirs.body.id && hit.event === 'job.completed'), "the bystander's job.completed");

      // Nothing was described for the deleted account after its deletion: every model call since is the bystander's.
      const since = env.vision.requests.slice(visionMark);
      expect(since.filter((request) => request.rawBody.includes(`Falcon ${userId}`))).toEqual([]);
      expect(since).toHaveLength(3);
      // Nothing was delivered for it either.
      expect(receiver.received.slice(receiverMark).map(hitOf).filter((hit) => jobIds.includes(hit.jobId))).toEqual([]);
      // And nothing came back: no quota counter, usage event, delivery or cache entry written by work in flight.
      expect(await rowsLeft(server, userId, jobIds)).toEqual({});
    });
  });
}
