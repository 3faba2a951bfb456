// Economy jobs killed as an operator might: a real server process (main.ts) taken down with kill -9
// while its provider batch is in flight, and in the one round trip between the local batch row and
// the provider's answer; then started again on the same database. The fake batch API runs in this
// process, so it outlives the server and counts what the provider was asked.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../../../test/support/server-process';
import { call, startServerProcess, until } from '../../../../test/support/server-process';
import { createPostgresSchema, DATABASES } from '../../../../test/support/test-server';
import type { DatabaseHandle } from '../../../db/database';
import { openDatabase } from '../../../db/database';
import { distinctPng } from '../../alt-text/alt-text.test-support';

const ITEMS = 6;
const JOBS_ENDPOINT = 'POST /api/v1/jobs';

for (const database of DATABASES) {
  describe(`economy jobs survive kill -9 and a restart (${database})`, () => {
    let batchApi: FakeBatchApi;
    let host: ImageHost;
    let dataDir: string;
    let postgres: { url: string; drop: () => Promise<void> } | null = null;
    let handle: DatabaseHandle | undefined;
    const processes: ServerProcess[] = [];
    const secret = randomUUID() + randomUUID();

    beforeAll(async () => {
      batchApi = await startFakeBatchApi();
      host = await startImageHost();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-economy-crash-'));
      if (database === 'postgres') postgres = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    });
    afterAll(async () => {
      for (const server of processes) server.kill('SIGKILL');
      await Promise.all(processes.map((server) => server.exited));
      await handle?.destroy();
      await batchApi.close();
      await host.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    // The contract with the provider: nothing sent in this test is what the provider would refuse.
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));

    const providers = {
      openai: () => ({ ALT_PROVIDER: 'openai', OPENAI_BASE_URL: batchApi.openaiUrl, OPENAI_API_KEY: 'test' }),
      anthropic: () => ({ ALT_PROVIDER: 'anthropic', ANTHROPIC_BASE_URL: batchApi.anthropicUrl, ANTHROPIC_API_KEY: 'test' }),
    };

    /** One instance on this suite's database; its restart is a new process (a new instance id). */
    async function start(provider: keyof typeof providers): Promise<ServerProcess> {
      const server = await startServerProcess(
        {
          ...providers[provider](),
          APP_SECRET: secret,
          IMAGE_FETCH_ALLOW: host.hostPort,
          ECONOMY_POLL_MS: '100',
          // The dead instance's batch and item leases are free after this (the fallback is 10 s).
          INSTANCE_DEAD_AFTER_MS: '2000',
          ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        },
        { dataDir },
      );
      processes.push(server);
      // The schema exists once the first instance has migrated it.
      handle ??= openDatabase({ databaseUrl: postgres?.url ?? null, dataDir });
      return server;
    }

    async function restart(server: ServerProcess): Promise<ServerProcess> {
      const next = await server.restart();
      processes.push(next);
      return next;
    }

    async function proUser(server: ServerProcess) {
      const response = await call(server.url, 'POST', '/api/auth/register', {
        body: { firstName: 'Ada', lastName: 'Lovelace', email: `economy-${randomUUID().slice(0, 8)}@example.com`, password: 'Correct-Horse-9' },
      });
      expect(response.status).toBe(201);
      const userId = response.body.user.userId as string;
      await handle!.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', userId).execute();
      return { userId, token: response.body.token as string };
    }

    async function createJob(server: ServerProcess, token: string): Promise<string> {
      const urls: string[] = [];
      for (let i = 0; i < ITEMS; i += 1) {
        const at = `/economy-crash/${randomUUID()}.png`;
        host.set(at, { body: await distinctPng(16), contentType: 'image/png' });
        urls.push(host.url + at);
      }
      const response = await call(server.url, 'POST', '/api/v1/jobs', { token, body: { mode: 'economy', items: urls.map((imageUrl) => ({ imageUrl })) } });
      expect(response.status).toBe(202);
      expect(response.body.effectiveMode).toBe('economy');
      return response.body.id as string;
    }

    const job = async (server: ServerProcess, token: string, id: string) => (await call(server.url, 'GET', `/api/v1/jobs/${id}`, { token })).body;

    /** Read from the database, as an auditor would: units charged, success events, items described, open reservations. */
    async function ledger(userId: string, jobId: string) {
      const db = handle!.db;
      const [charged, events, items, open] = await Promise.all([
        db.selectFrom('quota_counters').select(sql<number>`coalesce(sum(used), 0)`.as('n')).where('user_id', '=', userId).where('window', '=', 'day').executeTakeFirst(),
        db.selectFrom('usage_events').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).where('endpoint', '=', JOBS_ENDPOINT).where('outcome', '=', 'success').executeTakeFirst(),
        db.selectFrom('job_items').select(sql<number>`count(*)`.as('n')).where('job_id', '=', jobId).where('status', '=', 'succeeded').executeTakeFirst(),
        db.selectFrom('quota_reservations').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirst(),
      ]);
      return { charged: Number(charged?.n), events: Number(events?.n), succeeded: Number(items?.n), open: Number(open?.n) };
    }

    async function finishAfterRestart(server: ServerProcess, token: string, jobId: string) {
      const done = await until('the economy job to complete after the restart', async () => {
        const current = await job(server, token, jobId);
        return ['completed', 'failed', 'cancelled'].includes(current.status) && current;
      }, 45_000);
      expect(done.status).toBe('completed');
      expect(done.counts).toMatchObject({ total: ITEMS, succeeded: ITEMS, failed: 0, pending: 0 });
      return done;
    }

    for (const provider of ['openai', 'anthropic'] as const) {
      it(`${provider}: kill -9 while the provider batch is in flight resumes polling it after a restart, never submitting again`, async () => {
        let server = await start(provider);
        const { userId, token } = await proUser(server);
        batchApi.hold();
        const before = batchApi.submissions;
        const jobId = await createJob(server, token);
        await batchApi.waitForSubmissions(before + 1);
        // Running: the provider's batch id is committed with the job's batch row.
        await until('the provider batch id to be stored', async () => (await job(server, token, jobId)).status === 'running');
        server.kill('SIGKILL');
        await server.exited;
        // The provider finished the batch while no instance was up.
        batchApi.release();

        server = await restart(server);
        await finishAfterRestart(server, token, jobId);
        expect(batchApi.submissions - before).toBe(1);
        expect(await ledger(userId, jobId)).toEqual({ charged: ITEMS, events: ITEMS, succeeded: ITEMS, open: 0 });
        server.kill('SIGKILL');
        await server.exited;
      }, 120_000);
    }

    /**
     * kill -9 after the provider took the batch and before the server heard its id (the create's
     * answer held back), then a restart that finishes the job. `beforeKill` looks at the job then.
     * Answers the number of batches the provider received and the ledger.
     */
    async function killBeforeTheBatchIdArrives(provider: 'openai' | 'anthropic', beforeKill: (jobId: string) => Promise<void> = async () => undefined) {
      let server = await start(provider);
      const { userId, token } = await proUser(server);
      batchApi.release();
      batchApi.holdCreates();
      const before = batchApi.submissions;
      try {
        const jobId = await createJob(server, token);
        await batchApi.waitForSubmissions(before + 1);
        await beforeKill(jobId);
        server.kill('SIGKILL');
        await server.exited;
        batchApi.answerCreates();

        server = await restart(server);
        await finishAfterRestart(server, token, jobId);
        return { jobId, submissions: batchApi.submissions - before, ledger: await ledger(userId, jobId) };
      } finally {
        batchApi.answerCreates();
        server.kill('SIGKILL');
        await server.exited;
      }
    }

    const batchRow = async (jobId: string) => (await handle!.db.selectFrom('job_batches').select(['provider_batch_id', 'status']).where('job_id', '=', jobId).execute())[0];

    it('openai: kill -9 between the local batch row and the provider\'s answer finds the batch by its marker, no second submission', async () => {
      const result = await killBeforeTheBatchIdArrives('openai', async (jobId) => {
        // The provider took the batch; the server has not heard its id (nor committed it).
        expect(await batchRow(jobId)).toMatchObject({ provider_batch_id: null, status: 'submitting' });
      });
      expect(result.submissions).toBe(1);
      expect((await batchRow(result.jobId))?.provider_batch_id).toBe(batchApi.batches.at(-1)!.id);
      expect(result.ledger).toEqual({ charged: ITEMS, events: ITEMS, succeeded: ITEMS, open: 0 });
    }, 120_000);

    it('anthropic: kill -9 in the same window sends the items again (its batches carry no marker), and charges each once', async () => {
      const result = await killBeforeTheBatchIdArrives('anthropic');
      // The known window (docs/bulk-jobs.md "Economy mode"): the orphan batch is paid to the provider, its answers ignored.
      expect(result.submissions).toBe(2);
      expect(result.ledger).toEqual({ charged: ITEMS, events: ITEMS, succeeded: ITEMS, open: 0 });
    }, 120_000);
  });
}
