import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { batchRequestProblems } from '@altwise/test-support/fake-batch-contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/test-server';
import { unitsCharged } from '../../usage/usage.test-support';
import type { JobsTestEnv } from '../jobs.test-support';
import { jobEvents, startJobsEnv } from '../jobs.test-support';

for (const database of DATABASES) {
  describe(`economy bulk jobs through the OpenAI batch API (${database})`, () => {
    let env: JobsTestEnv;
    let batchApi: FakeBatchApi;
    beforeAll(async () => {
      batchApi = await startFakeBatchApi();
      env = await startJobsEnv(database, { env: { ALT_PROVIDER: 'openai', OPENAI_BASE_URL: batchApi.openaiUrl, OPENAI_API_KEY: 'test', ECONOMY_POLL_MS: '100' } });
    });
    afterAll(async () => {
      await env.close();
      await batchApi.close();
      // The contract with the SDKs' published types: every request this suite made them send.
      expect(batchRequestProblems(batchApi.calls), "requests the SDKs' types refuse").toEqual([]);
    });
    // The contract with the provider: nothing sent in this test is what the provider would refuse.
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));
    beforeEach(() => {
      batchApi.release();
      batchApi.setFail(undefined);
      batchApi.setCancelling({ looks: 1, answered: 0 });
    });

    const create = async (token: string, urls: string[]) => {
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { mode: 'economy', items: urls.map((imageUrl) => ({ imageUrl })) } });
      expect(response.status).toBe(202);
      return response.body;
    };

    it('GET /v1/jobs/modes says economy runs through the batch API here, before any job starts', async () => {
      const { token } = await env.proUser();
      const modes = await env.server.request('GET', '/api/v1/jobs/modes', { token });
      expect(modes.status).toBe(200);
      expect(modes.body).toEqual({ economy: { available: true, note: 'Sent through the OpenAI batch API: about half the cost, results within 24 hours.' } });
    });

    it('completes a 500-item economy job through one provider batch, every item charged exactly once', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(500);
      const before = batchApi.submissions;
      const liveCalls = env.vision.calls;
      const job = await create(token, urls);
      expect(job).toMatchObject({ mode: 'economy', effectiveMode: 'economy' });
      expect(job.modeNote).toContain('about half the cost, results within 24 hours');
      // A hang guard, not a bound: preparing 500 images takes most of it on a busy machine.
      const done = await env.waitFor(token, job.id, undefined, 300_000);
      expect(done.status).toBe('completed');
      expect(done.counts).toMatchObject({ total: 500, succeeded: 500, failed: 0, pending: 0 });
      expect(batchApi.submissions - before).toBe(1);
      expect(batchApi.batches.at(-1)!.requests).toHaveLength(500);
      // No live model call: every answer came from the batch.
      expect(env.vision.calls).toBe(liveCalls);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 500, error: 0 });
      expect(await unitsCharged(env.server, userId)).toBe(500);
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results?limit=100`, { token });
      expect(results.body.items[0].result).toMatchObject({ altText: 'Red ceramic mug on a wooden kitchen table', provider: 'openai', verification: 'model' });
      // The batch line is the live request: system prompt, user message, the prepared image, the schema.
      const line = batchApi.batches.at(-1)!.requests[0]!.body;
      expect(line.messages[0].content).toContain('Write alt text for an image on a web page');
      expect(line.messages[1].content[1].image_url.url).toMatch(/^data:image\//);
      expect(line.response_format.json_schema).toMatchObject({ name: 'alt_text', strict: true });
    }, 360_000);

    it('retries only the failed items of a partially failed provider batch, in a new batch', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(6);
      batchApi.setFail((customId, batch) => (batch.submission === batchApi.submissions && ['item-1', 'item-4'].includes(customId) && batch.requests.length === 6 ? 'Internal server error' : undefined));
      const before = batchApi.submissions;
      const job = await create(token, urls);
      const done = await env.waitFor(token, job.id, undefined, 120_000);
      expect(done.counts).toMatchObject({ succeeded: 6, failed: 0 });
      expect(batchApi.submissions - before).toBe(2);
      expect(batchApi.batches.at(-1)!.requests.map((request) => request.customId)).toEqual(['item-1', 'item-4']);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 6, error: 0 });
    });

    it('fails at once, uncharged and not sent again, an item whose request the provider refused as invalid', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(3);
      batchApi.setFail((customId, batch) => (batch.submission === batchApi.submissions && customId === 'item-1' ? { error: 'Could not process image', status: 400, type: 'invalid_request_error' } : undefined));
      const before = batchApi.submissions;
      const job = await create(token, urls);
      const done = await env.waitFor(token, job.id, undefined, 120_000);
      expect(done.counts).toMatchObject({ succeeded: 2, failed: 1 });
      // One batch: a resend would be refused again.
      expect(batchApi.submissions - before).toBe(1);
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results?limit=10`, { token });
      const failed = results.body.items.filter((item: { error?: unknown }) => item.error);
      expect(failed.map((item: { error: unknown }) => item.error)).toEqual([{ code: 'provider_error', message: 'The provider refused this request: Could not process image' }]);
      // Charged for the two answers only.
      expect(await jobEvents(env.server, userId)).toEqual({ success: 2, error: 0 });
      expect(await unitsCharged(env.server, userId)).toBe(2);
    });

    it('sends the items an expired batch did not answer again, and charges each answer once', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(4);
      batchApi.hold();
      const before = batchApi.submissions;
      const job = await create(token, urls);
      await batchApi.waitForSubmissions(before + 1);
      batchApi.release();
      // The provider answered the first two before the 24 hours ran out.
      batchApi.expire(batchApi.batches.at(-1)!.id, 2);
      const done = await env.waitFor(token, job.id, undefined, 120_000);
      expect(done.counts).toMatchObject({ succeeded: 4, failed: 0 });
      expect(batchApi.batches.at(-1)!.requests.map((request) => request.customId)).toEqual(['item-2', 'item-3']);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 4, error: 0 });
    });

    it('a batch cancelled at the provider (cancelling for a while, one answer in) keeps its answer and sends the rest again', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(3);
      batchApi.hold();
      const before = batchApi.submissions;
      const job = await create(token, urls);
      await batchApi.waitForSubmissions(before + 1);
      await env.waitFor(token, job.id, (current) => current.status === 'running', 60_000);
      batchApi.setCancelling({ looks: 3, answered: 1 });
      batchApi.cancelAtProvider(batchApi.batches.at(-1)!.id);
      batchApi.release();
      const done = await env.waitFor(token, job.id, undefined, 120_000);
      expect(done.counts).toMatchObject({ succeeded: 3, failed: 0 });
      expect(batchApi.batches[before]!.status).toBe('cancelled');
      expect(batchApi.batches.at(-1)!.requests.map((request) => request.customId)).toEqual(['item-1', 'item-2']);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 3, error: 0 });
    });

    it('cancelling the job cancels its provider batch, and nothing is charged', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(3);
      batchApi.hold();
      const before = batchApi.submissions;
      const cancels = batchApi.cancels;
      const job = await create(token, urls);
      await batchApi.waitForSubmissions(before + 1);
      // The provider batch id is stored the moment the provider answers: wait for the job to run.
      await env.waitFor(token, job.id, (current) => current.status === 'running', 60_000);
      const cancelled = await env.server.request('POST', `/api/v1/jobs/${job.id}/cancel`, { token });
      expect(cancelled.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (batchApi.cancels === cancels && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(batchApi.cancels).toBe(cancels + 1);
      expect(batchApi.batches.at(-1)!.cancelled).toBe(true);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 0, error: 0 });
      expect((await env.server.request('GET', `/api/v1/jobs/${job.id}`, { token })).body.counts).toMatchObject({ succeeded: 0, cancelled: 3 });
    });
  });
}

describe('economy mode where the provider has no batch API', () => {
  let env: JobsTestEnv;
  beforeAll(async () => {
    env = await startJobsEnv(DATABASES[0]!);
  });
  afterAll(() => env.close());

  it('says so before starting: GET /v1/jobs/modes answers the note a job would carry', async () => {
    const { token } = await env.proUser();
    const modes = await env.server.request('GET', '/api/v1/jobs/modes', { token });
    expect(modes.status).toBe(200);
    expect(modes.body).toEqual({ economy: { available: false, note: 'Runs as a standard job: the openai-compatible provider has no batch API.' } });
    expect((await env.server.request('GET', '/api/v1/jobs/modes')).status).toBe(401);
  });

  it('runs the job as a standard one, and the job says so', async () => {
    const { token } = await env.proUser();
    const urls = await env.hostImages(2);
    const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { mode: 'economy', items: urls.map((imageUrl) => ({ imageUrl })) } });
    expect(response.status).toBe(202);
    expect(response.body).toMatchObject({ mode: 'economy', effectiveMode: 'standard', modeNote: 'Runs as a standard job: the openai-compatible provider has no batch API.' });
    const done = await env.waitFor(token, response.body.id);
    expect(done.counts).toMatchObject({ succeeded: 2 });
    expect(env.vision.calls).toBeGreaterThanOrEqual(2);
  });
});
