import { bulkReviewResponseSchema, reviewCountsSchema, reviewQueueResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../test/support/test-server';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { SeedItem } from './job-review.test-support';
import { seedReviewJob } from './job-review.test-support';

const many = (count: number, kind: SeedItem['kind'] = 'model'): SeedItem[] => Array.from({ length: count }, () => ({ kind }));

for (const database of DATABASES) {
  describe(`job review at any size (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      // Jobs are seeded as finished: nothing is dispatched.
      server = await startTestServer(database, { WORKERS: 'none' });
    });
    afterAll(() => server.close());

    async function owner() {
      const session = await registerUser(server);
      return { token: session.token, userId: session.user.userId as string };
    }
    const items = async (token: string, jobId: string, status = 'all') => {
      const seen = [];
      let cursor: string | null = null;
      do {
        const page = await server.request('GET', `/api/v1/jobs/${jobId}/review-queue?limit=500&status=${status}${cursor ? `&cursor=${cursor}` : ''}`, { token });
        expect(page.status).toBe(200);
        const body = reviewQueueResponseSchema.parse(page.body);
        seen.push(...body.items);
        cursor = body.nextCursor;
      } while (cursor);
      return seen;
    };
    const counts = async (token: string, jobId: string) => reviewCountsSchema.parse((await server.request('GET', `/api/v1/jobs/${jobId}/review-queue/counts`, { token })).body);
    const bulk = async (token: string, jobId: string, body: unknown) => server.request('POST', `/api/v1/jobs/${jobId}/reviews`, { token, body });

    it('shows 520 items that are 12 distinct images as 12 groups covering 520 rows, paged past 500', async () => {
      const { token, userId } = await owner();
      // 12 first items, then 508 duplicates spread over them.
      const seeded: SeedItem[] = [...many(12), ...Array.from({ length: 508 }, (_, at) => ({ kind: 'model' as const, duplicateOf: at % 12 }))];
      const jobId = await seedReviewJob(server.app.db, userId, seeded);
      const groups = await items(token, jobId);
      expect(groups.map((group) => group.id)).toEqual(Array.from({ length: 12 }, (_, at) => String(at)));
      expect(groups.reduce((sum, group) => sum + group.rows, 0)).toBe(520);
      expect(await counts(token, jobId)).toMatchObject({ groups: { all: 12, needs_review: 12 }, rows: { all: 520, needs_review: 520 }, passing: 12, drafts: 0 });

      // Reviewing a group (named by any of its rows) reviews all its rows.
      const rejected = await bulk(token, jobId, { action: 'reject', itemIds: ['12'] });
      expect(rejected.status).toBe(200);
      expect(bulkReviewResponseSchema.parse(rejected.body)).toMatchObject({ groups: 1, updated: 44, skipped: 0 });
      expect(await counts(token, jobId)).toMatchObject({ groups: { rejected: 1, needs_review: 11 }, rows: { rejected: rejected.body.updated } });
    });

    it('pages a 1,200-item job by keyset with every filter and its count', async () => {
      const { token, userId } = await owner();
      const kinds: SeedItem['kind'][] = ['model', 'draft', 'failing', 'failed', 'pending', 'cancelled'];
      const jobId = await seedReviewJob(server.app.db, userId, Array.from({ length: 1_200 }, (_, at) => ({ kind: kinds[at % kinds.length]! })));
      const all = await items(token, jobId);
      expect(all).toHaveLength(1_200);
      expect(new Set(all.map((item) => item.id)).size).toBe(1_200);
      const total = await counts(token, jobId);
      expect(total.groups).toEqual({ all: 1_200, pending: 200, succeeded: 600, failed: 200, cancelled: 200, approved: 0, rejected: 0, needs_review: 600, uncertain: 0 });
      expect(total).toMatchObject({ passing: 200, drafts: 200 });
      for (const status of ['pending', 'failed', 'cancelled', 'needs_review'] as const) expect(await items(token, jobId, status)).toHaveLength(total.groups[status]);
    });

    it('accepts all passing the checker, never a draft, and one undo puts everything back; a second undo changes nothing', async () => {
      const { token, userId } = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, [...many(5), ...many(3, 'draft'), ...many(2, 'failing'), ...many(1, 'failed')]);
      const passing = await bulk(token, jobId, { action: 'approve', filter: 'needs_review', passing: true });
      expect(passing.body).toMatchObject({ groups: 5, updated: 5, skipped: 5, remaining: 0 });
      // "Accept all shown" takes the failing ones too, still no draft.
      const shown = await bulk(token, jobId, { action: 'approve', filter: 'needs_review' });
      expect(shown.body).toMatchObject({ groups: 2, updated: 2, skipped: 3 });
      const approved = await items(token, jobId, 'approved');
      expect(approved).toHaveLength(7);
      for (const item of approved) expect(item.result).toMatchObject({ verification: 'reviewed' });
      expect((await items(token, jobId, 'needs_review')).map((item) => item.result?.verification)).toEqual(['draft', 'draft', 'draft']);
      // Named drafts are not approved either; they can be rejected.
      expect((await bulk(token, jobId, { action: 'approve', itemIds: ['5', '6'] })).body).toMatchObject({ groups: 0, skipped: 2 });
      expect((await bulk(token, jobId, { action: 'reject', itemIds: ['5'] })).body).toMatchObject({ groups: 1, updated: 1 });

      const undo = await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: { undoToken: passing.body.undoToken } });
      expect(undo.body).toEqual({ restored: 5 });
      const restored = await items(token, jobId);
      for (const item of restored.slice(0, 5)) expect(item).toMatchObject({ review: null, result: { verification: 'model', wcagCompliant: true } });
      expect(restored.slice(8, 10).map((item) => item.review)).toEqual(['approved', 'approved']);
      expect((await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: { undoToken: passing.body.undoToken } })).body).toEqual({ restored: 0 });
    });

    // Its speed is a bench row (bench/job-review.bench.ts), not a bound here.
    it('approves 1,000 groups in one request, and undoes them', async () => {
      const { token, userId } = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, many(1_000));
      const response = await bulk(token, jobId, { action: 'approve', filter: 'needs_review', passing: true });
      expect(response.body).toMatchObject({ groups: 1_000, updated: 1_000, remaining: 0 });
      expect((await counts(token, jobId)).groups).toMatchObject({ approved: 1_000, needs_review: 0 });
      // Repeating it changes nothing more.
      expect((await bulk(token, jobId, { action: 'approve', filter: 'needs_review', passing: true })).body).toMatchObject({ groups: 0, updated: 0 });
      expect((await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: { undoToken: response.body.undoToken } })).body).toEqual({ restored: 1_000 });
      expect((await counts(token, jobId)).groups).toMatchObject({ approved: 0, needs_review: 1_000 });
    });

    it('does at most 1,000 groups a request; the rest under the same undo token, undone together', async () => {
      const { token, userId } = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, many(1_200));
      const first = await bulk(token, jobId, { action: 'reject', filter: 'all' });
      expect(first.body).toMatchObject({ groups: 1_000, remaining: 200 });
      const second = await bulk(token, jobId, { action: 'reject', filter: 'all', undoToken: first.body.undoToken });
      expect(second.body).toMatchObject({ groups: 200, remaining: 0, undoToken: first.body.undoToken });
      expect((await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: { undoToken: first.body.undoToken } })).body).toEqual({ restored: 1_200 });
    });

    it("does not undo a person's later review of a row", async () => {
      const { token, userId } = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, many(3));
      const action = await bulk(token, jobId, { action: 'approve', filter: 'needs_review' });
      const edited = await server.request('PATCH', `/api/v1/jobs/${jobId}/results/1`, { token, body: { status: 'approved', altText: 'A hand-written description of the mug' } });
      expect(edited.status).toBe(200);
      expect((await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: { undoToken: action.body.undoToken } })).body).toEqual({ restored: 2 });
      const after = await items(token, jobId);
      expect(after.map((item) => item.review)).toEqual([null, 'approved', null]);
      expect(after[1]!.result?.altText).toBe('A hand-written description of the mug');
    });

    it("answers 404 for another account's job on every review route, and changes nothing", async () => {
      const { userId } = await owner();
      const stranger = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, many(2));
      for (const [method, path, body] of [
        ['GET', `/api/v1/jobs/${jobId}/review-queue`],
        ['GET', `/api/v1/jobs/${jobId}/review-queue/counts`],
        ['POST', `/api/v1/jobs/${jobId}/reviews`, { action: 'reject', itemIds: ['0'] }],
        ['POST', `/api/v1/jobs/${jobId}/reviews/undo`, { undoToken: '00000000-0000-4000-8000-000000000000' }],
      ] as const) {
        const response = await server.request(method, path, { token: stranger.token, body });
        expect(response.status, path).toBe(404);
        expect(response.body.error.message).toBe('Job not found');
      }
      const rows = await server.app.db.selectFrom('job_items').select('review').where('job_id', '=', jobId).execute();
      expect(rows.map((row) => row.review)).toEqual([null, null]);
    });

    it('refuses a bad request with 400, never a 500', async () => {
      const { token, userId } = await owner();
      const jobId = await seedReviewJob(server.app.db, userId, many(1));
      for (const body of [{ action: 'approve' }, { action: 'approve', itemIds: ['0'], filter: 'all' }, { action: 'accept', filter: 'all' }, { action: 'approve', itemIds: ['x'] }, { action: 'approve', itemIds: Array.from({ length: 1_001 }, (_, at) => String(at)) }, { action: 'approve', filter: 'all', undoToken: 'nope' }]) {
        expect((await bulk(token, jobId, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      expect((await server.request('GET', `/api/v1/jobs/${jobId}/review-queue?cursor=abc`, { token })).status).toBe(400);
      expect((await server.request('POST', `/api/v1/jobs/${jobId}/reviews/undo`, { token, body: {} })).status).toBe(400);
    });
  });
}
