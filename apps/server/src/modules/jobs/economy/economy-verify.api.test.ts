// Issue 36 on economy jobs: a verified item's readings all go in the provider batch (one request
// per reading, sampled as the live readings are), and are combined by the same agreement code as a
// live verify. Every reading's tokens are in the item's usage; each reading is one unit.
import { jobResultsResponseSchema, reviewQueueResponseSchema } from '@altwise/shared';
import type { FakeBatchApi, FakeBatchRequest } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { batchRequestProblems } from '@altwise/test-support/fake-batch-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/test-server';
import { meteringFor } from '../../usage/usage.test-support';
import type { JobsTestEnv } from '../jobs.test-support';
import { startJobsEnv } from '../jobs.test-support';

// The app's clock: real time from the middle of an hour, so no quota window resets mid-test.
const START = Date.parse('2026-03-02T10:30:00Z');
const started = Date.now();
const now = () => START + (Date.now() - started);

/** Each item's three readings, found by the item's context in the prompt and the reading's seed. */
const READINGS: Record<string, string[]> = {
  'case-agree': ['A grey cat asleep on a sofa', 'A grey cat asleep on a sofa', 'A grey cat asleep on the sofa'],
  'case-split': ['Two red apples on a wooden table', 'Three red apples on a wooden table', 'Two orange apples on a wooden table'],
};
/** The fake batch's reported tokens per request (fake-batch-wire.ts). */
const PROMPT_TOKENS = 640;

function reply(request: FakeBatchRequest) {
  const text = JSON.stringify(request.body);
  const item = Object.keys(READINGS).find((key) => text.includes(key)) ?? 'case-agree';
  return { altText: READINGS[item]![(request.body as { seed?: number }).seed ?? 0]! };
}

for (const database of DATABASES) {
  // In order, even in a shuffled run: the first tests read the batch of the job beforeAll made, before the later ones add their own.
  describe(`verified economy jobs: every reading in the provider batch (${database})`, { shuffle: false }, () => {
    let env: JobsTestEnv;
    let batchApi: FakeBatchApi;
    let token: string;
    let userId: string;
    let jobId: string;
    let liveCalls: number;
    beforeAll(async () => {
      batchApi = await startFakeBatchApi({ reply });
      env = await startJobsEnv(database, { env: { ALT_PROVIDER: 'openai', OPENAI_BASE_URL: batchApi.openaiUrl, OPENAI_API_KEY: 'test', ECONOMY_POLL_MS: '100' }, now });
      ({ token, userId } = await env.proUser());
      const urls = await env.hostImages(2);
      const items = Object.keys(READINGS).map((context, at) => ({ imageUrl: urls[at]!, context }));
      liveCalls = env.vision.calls;
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items, verify: true, mode: 'economy' } });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ samples: 3, effectiveMode: 'economy', estimate: { units: 6, readingsPerImage: 3 } });
      jobId = created.body.id;
      const done = await env.waitFor(token, jobId, undefined, 60_000);
      expect(done.status).toBe('completed');
    });
    afterAll(async () => {
      await env.close();
      await batchApi.close();
      // The contract with the SDKs' published types: every request this suite made them send.
      expect(batchRequestProblems(batchApi.calls), "requests the SDKs' types refuse").toEqual([]);
    });
    // Nothing sent is what the provider would refuse (a seed, a temperature it takes).
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));

    it('sends every reading of every item in one provider batch, sampled as live readings are, and calls no live model', () => {
      expect(batchApi.submissions).toBe(1);
      const requests = batchApi.batches[0]!.requests;
      expect(requests.map((request) => request.customId)).toEqual(['item-0', 'item-0-r1', 'item-0-r2', 'item-1', 'item-1-r1', 'item-1-r2']);
      expect(requests.map((request) => (request.body as { seed?: number }).seed)).toEqual([undefined, 1, 2, undefined, 1, 2]);
      expect(requests.map((request) => (request.body as { temperature?: number }).temperature)).toEqual([0.2, 0.55, 0.9, 0.2, 0.55, 0.9]);
      expect(env.vision.calls).toBe(liveCalls);
    });

    it('combines the readings as a live verify does: the majority alt, the disagreements uncertain, not compliant', async () => {
      const response = await env.server.request('GET', `/api/v1/jobs/${jobId}/results`, { token });
      const items = jobResultsResponseSchema.parse(response.body).items;
      expect(items[0]!.result).toMatchObject({ altText: 'A grey cat asleep on a sofa', samples: 3, agreement: 1, wcagCompliant: true, uncertain: [] });
      expect(items[1]!.result).toMatchObject({ altText: 'Two red apples on a wooden table', samples: 3, wcagCompliant: false, verification: 'model' });
      expect(items[1]!.result!.uncertain).toEqual(
        expect.arrayContaining([
          { kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
          { kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
        ]),
      );
      expect(items[1]!.result!.issues.map((issue) => issue.id)).toContain('readings-disagree');
      // The item keeps its uncertainty: the review queue's filter finds it, and only it.
      const queue = reviewQueueResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${jobId}/review-queue?status=uncertain`, { token })).body);
      expect(queue.items.map((item) => item.id)).toEqual(['1']);
    });

    it('counts every reading: the tokens of all three in usage, one unit per reading charged', async () => {
      const response = await env.server.request('GET', `/api/v1/jobs/${jobId}/results`, { token });
      for (const item of jobResultsResponseSchema.parse(response.body).items) expect(item.result!.usage!.inputTokens).toBe(3 * PROMPT_TOKENS);
      expect((await meteringFor(env.server, now).quota.status(userId)).hour.used).toBe(6);
      const events = await env.server.app.db.selectFrom('usage_events').select(['images', 'outcome']).where('user_id', '=', userId).execute();
      expect(events).toEqual([
        { images: 3, outcome: 'success' },
        { images: 3, outcome: 'success' },
      ]);
    });

    it('sends no more readings than the quota has units left: with 7 left, 2 items of 3 readings; the rest waits for the window', async () => {
      const user = await env.proUser();
      const quota = meteringFor(env.server, now).quota;
      await quota.admit(user.userId, (await quota.status(user.userId)).hour.limit - 7);
      const items = (await env.hostImages(4)).map((imageUrl) => ({ imageUrl, context: 'case-agree' }));
      const before = batchApi.submissions;
      batchApi.hold();
      const created = await env.server.request('POST', '/api/v1/jobs', { token: user.token, body: { items, verify: true, mode: 'economy' } });
      expect(created.status).toBe(202);
      await batchApi.waitForSubmissions(before + 1);
      expect(batchApi.batches.at(-1)!.requests.map((request) => request.customId)).toEqual(['item-0', 'item-0-r1', 'item-0-r2', 'item-1', 'item-1-r1', 'item-1-r2']);
      batchApi.release();
      await env.waitFor(user.token, created.body.id, (job) => job.counts.succeeded === 2);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const row = await env.server.app.db.selectFrom('jobs').select('waiting_until').where('id', '=', created.body.id).executeTakeFirst();
        if (row?.waiting_until != null) break;
        if (Date.now() > deadline) throw new Error('the job never waited for the quota');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The one unit left pays for no item's three readings: nothing more went to the provider.
      expect(batchApi.submissions).toBe(before + 1);
      expect((await quota.status(user.userId)).hour.remaining).toBe(1);
    });
  });
}
