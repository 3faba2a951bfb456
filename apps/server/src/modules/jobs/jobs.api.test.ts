import { jobItemSchema, jobListResponseSchema, jobResultsResponseSchema, jobSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { parseCsv } from './csv';
import { recountJobs } from './job-counts.repository';
import type { JobsTestEnv } from './jobs.test-support';
import { jobEvents, startJobsEnv } from './jobs.test-support';
import { unitsCharged } from '../usage/usage.test-support';

for (const database of DATABASES) {
  describe(`bulk jobs (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { MODEL_CONCURRENCY: '6' } });
    });
    afterAll(() => env.close());

    const quotaUsed = (userId: string) => unitsCharged(env.server, userId);

    it('documents the job API in the OpenAPI document, JSON and CSV bodies alike', async () => {
      const spec = await env.server.request('GET', '/api/openapi.json');
      expect(spec.status).toBe(200);
      const create = spec.body.paths['/api/v1/jobs'].post;
      expect(Object.keys(create.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
      expect(create.responses['202']).toBeDefined();
      for (const path of ['/api/v1/jobs/{id}', '/api/v1/jobs/{id}/cancel', '/api/v1/jobs/{id}/results', '/api/v1/jobs/{id}/results.csv', '/api/v1/jobs/{id}/results/{itemId}', '/api/v1/jobs/{id}/webhooks', '/api/v1/webhooks/secret', '/api/v1/webhooks/default']) {
        expect(spec.body.paths[path], path).toBeDefined();
      }
    });

    it('refuses the Free plan with 403 plan_forbidden and creates nothing', async () => {
      const { token } = await registerUser(env.server);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: 'https://example.com/a.png' }] } });
      expect(response.status).toBe(403);
      expect(response.body.error).toEqual({ code: 'plan_forbidden', message: 'Bulk jobs are not available on the Free plan. Upgrade to Pro to process images in bulk.' });
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });

    it('answers 202 at once and describes a 500-item job with every item exactly once, within MODEL_CONCURRENCY', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(500);
      const calls = env.vision.calls;
      env.vision.setLatency(20);
      try {
        const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl, at) => ({ imageUrl, id: `sku-${at}` })) } });
        expect(response.status).toBe(202);
        const created = jobSchema.parse(response.body);
        expect(created).toMatchObject({ status: 'queued', total: 500, rowErrors: [] });
        const job = await env.waitFor(token, created.id, undefined, 240_000);
        expect(job).toMatchObject({ status: 'completed', counts: { total: 500, succeeded: 500, failed: 0, pending: 0, cancelled: 0 }, etaSeconds: null });
        expect(job.startedAt).not.toBeNull();
        expect(job.finishedAt).not.toBeNull();
        expect(env.vision.calls - calls).toBe(500);
        expect(env.vision.maxConcurrent).toBeLessThanOrEqual(6);
        // Charged once per item: the quota, the usage events and the results agree.
        expect(await quotaUsed(userId)).toBe(500);
        expect(await jobEvents(env.server, userId)).toEqual({ success: 500, error: 0 });
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await env.server.request('GET', `/api/v1/jobs/${created.id}/results?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { token });
          const body = jobResultsResponseSchema.parse(page.body);
          for (const item of body.items) {
            expect(item).toMatchObject({ status: 'succeeded', attempts: 1, error: null, result: { altText: expect.stringMatching(/^Fake/) } });
            seen.push(item.clientId!);
          }
          cursor = body.nextCursor;
        } while (cursor);
        expect(seen).toEqual(urls.map((_url, at) => `sku-${at}`));
      } finally {
        env.vision.reset();
      }
    }, 300_000);

    it('describes the same URL once however often the job repeats it', async () => {
      const { token, userId } = await env.proUser();
      const [url] = await env.hostImages(1);
      const calls = env.vision.calls;
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }, { imageUrl: url }, { imageUrl: url }] } });
      const job = await env.waitFor(token, response.body.id);
      expect(job.counts.succeeded).toBe(3);
      expect(env.vision.calls - calls).toBe(1);
      // One image in one job is described, charged and reviewed once (issue 23): the repeats share it.
      expect(await quotaUsed(userId)).toBe(1);
      expect(job.distinctImages).toBe(1);
    });

    it('takes a CSV with extra columns, reports bad rows by line, and exports the columns and results', async () => {
      const { token } = await env.proUser();
      const [first, second] = await env.hostImages(2);
      const csv = ['image_url,sku,context,id', `${first},A-1,"Shop, front page",p1`, 'not-a-url,A-2,,p2', `${second},"B ""2""",,p3`, `${first},x,y,z,extra`].join('\n');
      const form = new FormData();
      form.append('language', 'en');
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: form });
      expect(response.status).toBe(202);
      expect(response.body.total).toBe(2);
      expect(response.body.rowErrors).toEqual([
        { row: 3, reason: expect.stringMatching(/http or https/) },
        { row: 5, reason: 'Expected 4 columns, found 5' },
      ]);
      await env.waitFor(token, response.body.id);
      const exported = await env.server.request('GET', `/api/v1/jobs/${response.body.id}/results.csv`, { token });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = parseCsv(exported.body as string).map((row) => row.fields);
      expect(rows[0]).toEqual(['image_url', 'sku', 'context', 'id', 'alt_text', 'long_description', 'is_decorative', 'wcag_compliant', 'issues', 'status', 'error', 'input_tokens', 'output_tokens']);
      expect(rows).toHaveLength(3);
      expect(rows[1]!.slice(0, 4)).toEqual([first, 'A-1', 'Shop, front page', 'p1']);
      expect(rows[2]!.slice(0, 4)).toEqual([second, 'B "2"', '', 'p3']);
      expect(rows[1]![4]).toMatch(/^Fake/);
      expect(rows[1]![9]).toBe('succeeded');
    });

    it('refuses a job with no valid row (400) and a CSV without image_url', async () => {
      const { token } = await env.proUser();
      const bad = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: 'ftp://x' }, { nope: 1 }] } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('validation_failed');
      const form = new FormData();
      form.append('file', new Blob(['url\nhttps://example.com/a.png'], { type: 'text/csv' }), 'x.csv');
      const noColumn = await env.server.request('POST', '/api/v1/jobs', { token, body: form });
      expect(noColumn.status).toBe(400);
      expect(noColumn.body.error.message).toBe('The CSV needs an image_url column');
    });

    it('cancels: pending items are neither processed nor charged', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(40);
      const calls = env.vision.calls;
      // The model answers nothing until the cancel is in: the job is running at the cancel however
      // slow the machine (a 250 ms model latency let a slow test see the job finish first).
      env.vision.hold();
      try {
        const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
        await env.waitFor(token, response.body.id, (job) => job.status === 'running');
        const cancelled = await env.server.request('POST', `/api/v1/jobs/${response.body.id}/cancel`, { token });
        env.vision.release();
        expect(cancelled.status).toBe(200);
        expect(cancelled.body.status).toBe('cancelled');
        const job = await env.waitFor(token, response.body.id, (current) => current.counts.pending === 0);
        // No fixed sleep for "never start": a later job's item is taken by a dispatch pass after the
        // cancel, and any pass takes every takeable item, so once it is done a cancelled one that was
        // still takeable would have been described too.
        const later = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: (await env.hostImages(1))[0]! }] } });
        expect((await env.waitFor(token, later.body.id)).status).toBe('completed');
        expect(job.status).toBe('cancelled');
        // At most 4 × MODEL_CONCURRENCY (24) items were in flight at the cancel; they finish, the rest never start.
        expect(job.counts.cancelled).toBeGreaterThanOrEqual(40 - 24);
        expect(env.vision.calls - calls).toBe(job.counts.succeeded + 1);
        expect(job.counts.succeeded + job.counts.cancelled).toBe(40);
        expect(await quotaUsed(userId)).toBe(job.counts.succeeded + 1);
        expect((await jobEvents(env.server, userId)).success).toBe(job.counts.succeeded + 1);
        const again = await env.server.request('POST', `/api/v1/jobs/${response.body.id}/cancel`, { token });
        expect(again.status).toBe(409);
      } finally {
        env.vision.release();
        env.vision.reset();
      }
    });

    it("answers 404 for another account's job on every route", async () => {
      const owner = await env.proUser();
      const other = await env.proUser();
      const [url] = await env.hostImages(1);
      const { body } = await env.server.request('POST', '/api/v1/jobs', { token: owner.token, body: { items: [{ imageUrl: url }] } });
      await env.waitFor(owner.token, body.id);
      for (const [method, path, payload] of [
        ['GET', `/api/v1/jobs/${body.id}`],
        ['GET', `/api/v1/jobs/${body.id}/results`],
        ['GET', `/api/v1/jobs/${body.id}/results.csv`],
        ['POST', `/api/v1/jobs/${body.id}/cancel`],
        ['PATCH', `/api/v1/jobs/${body.id}/results/0`, { status: 'approved' }],
      ] as const) {
        const response = await env.server.request(method, path, { token: other.token, body: payload });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.error.code).toBe('not_found');
      }
      expect((await env.server.request('GET', '/api/v1/jobs', { token: other.token })).body.items).toEqual([]);
    });

    it('lists the account\'s jobs newest first with a cursor', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } })).body.id);
      const first = jobListResponseSchema.parse((await env.server.request('GET', '/api/v1/jobs?limit=2', { token })).body);
      const second = jobListResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs?limit=2&cursor=${first.nextCursor}`, { token })).body);
      expect([...first.items, ...second.items].map((job) => job.id)).toEqual(ids.reverse());
      expect(second.nextCursor).toBeNull();
      // Finished before the next test: no model call of these jobs may take another test's injected failure.
      for (const id of ids) await env.waitFor(token, id);
    });

    it('replays POST with the same Idempotency-Key instead of creating a second job', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const headers = { 'idempotency-key': `job-${Math.random()}` };
      const first = await env.server.request('POST', '/api/v1/jobs', { token, headers, body: { items: [{ imageUrl: url }] } });
      const second = await env.server.request('POST', '/api/v1/jobs', { token, headers, body: { items: [{ imageUrl: url }] } });
      expect(second.status).toBe(202);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body.id).toBe(first.body.id);
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toHaveLength(1);
      await env.waitFor(token, first.body.id);
    });

    it('retries an item that failed on the provider side, refunding the failed try', async () => {
      const { token, userId } = await env.proUser();
      const [url] = await env.hostImages(1);
      env.vision.failNext(1, 500);
      const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      const job = await env.waitFor(token, body.id);
      expect(job.counts.succeeded).toBe(1);
      const results = jobResultsResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${body.id}/results`, { token })).body);
      expect(results.items[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(await quotaUsed(userId)).toBe(1);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 1, error: 1 });
    });

    it('takes again the items of an instance that died, and leaves a live one\'s alone', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(4);
      const db = env.server.app.db;
      const now = Date.now();
      await db.insertInto('instances').values({ id: 'live-worker', started_at: now, heartbeat_at: now + 60_000 }).execute();
      // Stored as if dispatched before a crash: two items leased to a dead worker, two to a live one.
      await db
        .insertInto('jobs')
        .values({ id: 'job-leases-' + database, user_id: userId, api_key_id: null, status: 'running', total: 4, options: '{}', columns: '["image_url","context","id"]', row_errors: '[]', webhook_url: null, created_at: now, started_at: now, finished_at: null, waiting_until: null, progress_sent_at: null })
        .execute();
      await db
        .insertInto('job_items')
        .values(urls.map((url, idx) => ({ job_id: 'job-leases-' + database, idx, image_url: url, context: null, client_id: null, columns: null, status: 'pending', lease_owner: idx < 2 ? 'dead-worker' : 'live-worker', result: null, error_code: null, error_message: null, review: null, finished_at: null })))
        .execute();
      await recountJobs(db, ['job-leases-' + database]);
      const id = 'job-leases-' + database;
      const taken = await env.waitFor(token, id, (job) => job.counts.succeeded === 2);
      expect(taken.status).toBe('running');
      // No fixed sleep for "left alone": a later job's item is taken by a dispatch pass after these,
      // and any pass takes every takeable item, so the live worker's would have gone with it.
      const later = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: urls[0]! }] } });
      expect((await env.waitFor(token, later.body.id)).status).toBe('completed');
      expect((await env.waitFor(token, id, () => true)).counts.pending).toBe(2);
      // The live worker dies: its heartbeat stops.
      await db.updateTable('instances').set({ heartbeat_at: 0 }).where('id', '=', 'live-worker').execute();
      const job = await env.waitFor(token, id);
      expect(job).toMatchObject({ status: 'completed', counts: { succeeded: 4 } });
      expect(await quotaUsed(userId)).toBe(5);
    });

    it('reviews: approve, edit (checked again), reject; exports only approved items on request', async () => {
      const { token } = await env.proUser();
      const urls = await env.hostImages(3);
      const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })) } });
      await env.waitFor(token, body.id);
      const approve = await env.server.request('PATCH', `/api/v1/jobs/${body.id}/results/0`, { token, body: { status: 'approved' } });
      expect(approve.status).toBe(200);
      expect(jobItemSchema.parse(approve.body).review).toBe('approved');
      const edited = await env.server.request('PATCH', `/api/v1/jobs/${body.id}/results/1`, { token, body: { status: 'approved', altText: 'image of a red square' } });
      expect(edited.body.result.altText).toBe('image of a red square');
      expect(edited.body.result.issues.map((issue: { id: string }) => issue.id)).toContain('redundant-prefix');
      await env.server.request('PATCH', `/api/v1/jobs/${body.id}/results/2`, { token, body: { status: 'rejected' } });
      const approved = jobResultsResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${body.id}/results?status=approved`, { token })).body);
      expect(approved.items.map((item) => item.id)).toEqual(['0', '1']);
      const rows = parseCsv((await env.server.request('GET', `/api/v1/jobs/${body.id}/results.csv?status=approved`, { token })).body).map((row) => row.fields);
      expect(rows.map((row) => row[0])).toEqual(['image_url', urls[0], urls[1]]);
      expect(rows[2]![3]).toBe('image of a red square');
      expect(rows[2]![8]).toBe('approved');
      const missing = await env.server.request('PATCH', `/api/v1/jobs/${body.id}/results/99`, { token, body: { status: 'approved' } });
      expect(missing.status).toBe(404);
    });
  });
}
