// Issue 32 row 4: a job's item counts are kept on its row (migration 0033), changed in the
// transaction of each item's change. Whatever happened to a job's items (described, failed, retried,
// found to be duplicates at creation or when their bytes were read, cancelled, reviewed), the counts
// the list and the detail show are what a recount of its items finds.
import type { Job } from '@altwise/shared';
import { jobListResponseSchema } from '@altwise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';

for (const database of DATABASES) {
  describe(`job item counts (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database, { env: { MODEL_CONCURRENCY: '2' } });
    });
    afterAll(() => env.close());

    /** The counts as the old list computed them: every item of the job, grouped. */
    async function recount(jobId: string) {
      const rows = await sql<{ status: string; n: number | string; firsts: number | string }>`
        select status, count(*) as n, sum(case when duplicate_of is null then 1 else 0 end) as firsts
        from job_items where job_id = ${jobId} group by status`.execute(env.server.app.db);
      const counts = { pending: 0, succeeded: 0, failed: 0, cancelled: 0, distinct: 0 };
      for (const row of rows.rows) {
        counts[row.status as 'pending'] = Number(row.n);
        counts.distinct += Number(row.firsts);
      }
      return counts;
    }

    async function expectCountsAsRecounted(token: string, job: Job) {
      const fresh = (await env.server.request('GET', `/api/v1/jobs/${job.id}`, { token })).body as Job;
      const listed = jobListResponseSchema.parse((await env.server.request('GET', '/api/v1/jobs?limit=100', { token })).body).items.find((item) => item.id === job.id)!;
      const counted = await recount(job.id);
      for (const shown of [fresh, listed]) {
        expect({ pending: shown.counts.pending, succeeded: shown.counts.succeeded, failed: shown.counts.failed, cancelled: shown.counts.cancelled, distinct: shown.distinctImages }).toEqual(counted);
      }
      return counted;
    }

    it('equal a recount after successes, failures, retries, duplicates, reviews and a cancellation', async () => {
      const { token } = await env.proUser();
      const urls = await env.hostImages(5);
      // The same bytes under another URL: a duplicate found when its bytes are read.
      const twin = await distinctPng(16);
      env.host.set('/counts/twin-a.png', { body: twin, contentType: 'image/png' });
      env.host.set('/counts/twin-b.png', { body: twin, contentType: 'image/png' });
      const items = [
        ...urls,
        urls[0]!, // repeated URL: a duplicate known at creation
        urls[1]!,
        `${env.host.url}/counts/twin-a.png`,
        `${env.host.url}/counts/twin-b.png`,
        `${env.host.url}/counts/missing.png`, // 404: fails
      ].map((imageUrl) => ({ imageUrl }));
      env.vision.failNext(1, 500); // one item is tried again
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items } });
      expect(created.status).toBe(202);
      expect(created.body.counts.pending).toBe(items.length);
      const done = await env.waitFor(token, created.body.id);
      expect(done.status).toBe('completed');
      const settled = await expectCountsAsRecounted(token, done);
      expect(settled).toMatchObject({ succeeded: 9, failed: 1, pending: 0 });
      // Both twins were read: one of them is the other's duplicate.
      expect(settled.distinct).toBe(7);

      // Reviews change no count.
      expect((await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/0`, { token, body: { status: 'approved' } })).status).toBe(200);
      expect((await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/1`, { token, body: { status: 'rejected' } })).status).toBe(200);
      await expectCountsAsRecounted(token, done);

      // Cancelled while running: items in flight settle after the cancel, the rest are cancelled.
      // The model answers one call, then holds the rest until the cancel is in: the job is running at
      // the cancel however slow the machine (a 150 ms latency let a slow test see it finish first).
      const firstCall = env.vision.calls + 1;
      env.vision.setReply((_request, callNumber) => {
        if (callNumber === firstCall) env.vision.hold();
        return { altText: 'A harbour with fishing boats at dusk' };
      });
      try {
        const many = await env.hostImages(24);
        const second = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [...many, many[0]!, many[1]!].map((imageUrl) => ({ imageUrl })) } });
        await env.waitFor(token, second.body.id, (job) => job.counts.succeeded > 0);
        expect((await env.server.request('POST', `/api/v1/jobs/${second.body.id}/cancel`, { token })).status).toBe(200);
        env.vision.release();
        const cancelled = await env.waitFor(token, second.body.id, (job) => job.counts.pending === 0);
        const counted = await expectCountsAsRecounted(token, cancelled);
        expect(counted.cancelled).toBeGreaterThan(0);
        expect(counted.succeeded + counted.cancelled).toBe(26);
      } finally {
        env.vision.release();
        env.vision.reset();
      }
    });
  });
}
