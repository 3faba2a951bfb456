// Issue 36 on bulk jobs: verified items store what their readings disagree on; the review queue
// sorts and filters by it, and bulk approval ("accept all passing" included) leaves such items to a person.
import { jobResultsResponseSchema, reviewCountsSchema, reviewQueueResponseSchema } from '@altwise/shared';
import type { RecordedRequest } from '@altwise/test-support/fake-vision-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import type { JobsTestEnv } from './jobs.test-support';
import { startJobsEnv } from './jobs.test-support';
import { DEFAULT_FAKE_USAGE } from '@altwise/test-support/fake-vision-server';
import { unitsCharged } from '../usage/usage.test-support';

/** Each item's three readings, found by the item's context in the prompt and the reading's seed. */
const READINGS: Record<string, string[]> = {
  'case-agree-a': ['A grey cat asleep on a sofa.', 'A grey cat asleep on a sofa.', 'A grey cat asleep on the sofa.'],
  'case-one': ['A yellow taxi next to a green bus.', 'A yellow taxi next to a blue bus.', 'A yellow taxi next to a green bus.'],
  'case-two': ['Two red apples on a wooden table.', 'Three red apples on a wooden table.', 'Two orange apples on a wooden table.'],
  'case-agree-b': ['Two dogs running on a beach.', '2 dogs running on the beach.', 'Two dogs running on a beach.'],
};
function reply(request: RecordedRequest) {
  const item = Object.keys(READINGS).find((key) => request.rawBody.includes(key)) ?? 'case-agree-a';
  return { altText: READINGS[item]![(request.body as { seed?: number }).seed ?? 0]! };
}

for (const database of DATABASES) {
  // In order, even in a shuffled run: the later tests review the job the first one checks, and the queue test reads it unreviewed.
  describe(`verified bulk jobs and the review by uncertainty (${database})`, { shuffle: false }, () => {
    let env: JobsTestEnv;
    let token: string;
    let userId: string;
    let jobId: string;
    beforeAll(async () => {
      env = await startJobsEnv(database);
      env.vision.setReply(reply);
      ({ token, userId } = await env.proUser());
      const urls = await env.hostImages(4);
      const items = Object.keys(READINGS).map((context, at) => ({ imageUrl: urls[at]!, context }));
      const estimate = await env.server.request('POST', '/api/v1/jobs/estimate', { token, body: { items, verify: true } });
      expect(estimate.body).toMatchObject({ units: 12, readingsPerImage: 3, basis: expect.stringContaining('4 images × 3 readings') });
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items, verify: true } });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ samples: 3, estimate: { readingsPerImage: 3 } });
      jobId = created.body.id;
      await env.waitFor(token, jobId);
    });
    afterAll(() => env.close());

    const queue = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await env.server.request('GET', `/api/v1/jobs/${jobId}/review-queue?${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
        expect(page.status).toBe(200);
        const body = reviewQueueResponseSchema.parse(page.body);
        ids.push(...body.items.map((item) => item.id));
        cursor = body.nextCursor;
      } while (cursor);
      return ids;
    };

    it('stores each item’s uncertain claims, and counts every reading in usage and units', async () => {
      const response = await env.server.request('GET', `/api/v1/jobs/${jobId}/results`, { token });
      const items = jobResultsResponseSchema.parse(response.body).items;
      expect(items.map((item) => item.result?.uncertain?.length)).toEqual([0, 1, 2, 0]);
      expect(items[2]!.result).toMatchObject({ altText: 'Two red apples on a wooden table', wcagCompliant: false, samples: 3 });
      expect(items[0]!.result).toMatchObject({ wcagCompliant: true, agreement: 1 });
      // Every reading's tokens (a token count, not a time): three calls' worth per item at least.
      for (const item of items) expect(item.result!.usage!.inputTokens).toBe(3 * DEFAULT_FAKE_USAGE.prompt_tokens);
      expect(await unitsCharged(env.server, userId)).toBe(12);
    });

    it('sorts the queue by uncertainty (most first, then input order), page by page, and filters it', async () => {
      expect(await queue('sort=uncertainty&limit=1')).toEqual(['2', '1', '0', '3']);
      expect(await queue('sort=uncertainty&limit=500')).toEqual(['2', '1', '0', '3']);
      expect(await queue('limit=500')).toEqual(['0', '1', '2', '3']);
      expect(await queue('status=uncertain&limit=500')).toEqual(['1', '2']);
      const counts = reviewCountsSchema.parse((await env.server.request('GET', `/api/v1/jobs/${jobId}/review-queue/counts`, { token })).body);
      expect(counts).toMatchObject({ groups: { uncertain: 2, needs_review: 4 }, passing: 2, uncertain: 2 });
    });

    it('never approves an item with uncertain claims in bulk, "accept all passing" or not', async () => {
      const chosen = await env.server.request('POST', `/api/v1/jobs/${jobId}/reviews`, { token, body: { action: 'approve', itemIds: ['1', '2'] } });
      expect(chosen.body).toMatchObject({ groups: 0, skipped: 2 });
      const passing = await env.server.request('POST', `/api/v1/jobs/${jobId}/reviews`, { token, body: { action: 'approve', filter: 'needs_review', passing: true } });
      expect(passing.body).toMatchObject({ groups: 2, skipped: 2 });
      const response = await env.server.request('GET', `/api/v1/jobs/${jobId}/results`, { token });
      expect(jobResultsResponseSchema.parse(response.body).items.map((item) => item.review)).toEqual(['approved', null, null, 'approved']);
      // A person may still approve one after looking (the single review).
      const one = await env.server.request('PATCH', `/api/v1/jobs/${jobId}/results/1`, { token, body: { status: 'approved', altText: 'A yellow taxi next to a green bus' } });
      expect(one.status).toBe(200);
    });
  });
}
