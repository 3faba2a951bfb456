import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { batchRequestProblems } from '@altwise/test-support/fake-batch-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/test-server';
import { unitsCharged } from '../../usage/usage.test-support';
import type { JobsTestEnv } from '../jobs.test-support';
import { jobEvents, startJobsEnv } from '../jobs.test-support';

for (const database of DATABASES) {
  describe(`economy bulk jobs through Anthropic's Message Batches (${database})`, () => {
    let env: JobsTestEnv;
    let batchApi: FakeBatchApi;
    // The monotonic clock this server times its work on an answer by: it moves only when the test moves it.
    let monotonic = 0;
    beforeAll(async () => {
      batchApi = await startFakeBatchApi({ fail: (customId, batch) => (batch.submission === 1 && customId === 'item-2' ? 'Overloaded' : undefined) });
      env = await startJobsEnv(database, { env: { ALT_PROVIDER: 'anthropic', ANTHROPIC_BASE_URL: batchApi.anthropicUrl, ANTHROPIC_API_KEY: 'test', ECONOMY_POLL_MS: '100' }, monotonic: () => monotonic });
    });
    afterAll(async () => {
      await env.close();
      await batchApi.close();
      // The contract with the SDKs' published types: every request this suite made them send.
      expect(batchRequestProblems(batchApi.calls), "requests the SDKs' types refuse").toEqual([]);
    });
    // The contract with the provider: nothing sent in this test is what the provider would refuse.
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));

    it('describes every item through a message batch, retries the errored one in a second batch, and charges each once', async () => {
      const { token, userId } = await env.proUser();
      const urls = await env.hostImages(5);
      // The first batch is held at the provider until this test lets it go: six hours there, by the clock.
      batchApi.hold();
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { mode: 'economy', language: 'fr', items: urls.map((imageUrl, at) => ({ imageUrl, context: at === 0 ? 'Shop: mugs' : undefined })) } });
      expect(created.status).toBe(202);
      await batchApi.waitForSubmissions(1);
      monotonic += 6 * 3_600_000;
      batchApi.release();
      expect(created.body).toMatchObject({ mode: 'economy', effectiveMode: 'economy', modeNote: 'Sent through the Anthropic batch API: about half the cost, results within 24 hours.' });
      const done = await env.waitFor(token, created.body.id, undefined, 30_000);
      expect(done.status).toBe('completed');
      expect(done.counts).toMatchObject({ total: 5, succeeded: 5, failed: 0 });
      expect(batchApi.batches.map((batch) => [batch.provider, batch.requests.map((request) => request.customId)])).toEqual([
        ['anthropic', ['item-0', 'item-1', 'item-2', 'item-3', 'item-4']],
        ['anthropic', ['item-2']],
      ]);
      // No live call: the answers came from the batches.
      expect(env.vision.calls).toBe(0);
      expect(await jobEvents(env.server, userId)).toEqual({ success: 5, error: 0 });
      // This server's time on each answer, not the provider's queue (analytics average it with live
      // calls): the clock moved only while the batch waited there, so each answer took none of it.
      const times = await env.server.app.db.selectFrom('usage_events').select('processing_ms').where('user_id', '=', userId).execute();
      expect(times.map((row) => Number(row.processing_ms))).toEqual([0, 0, 0, 0, 0]);
      expect(await unitsCharged(env.server, userId)).toBe(5);

      // Each line is the live request: system prompt, user message with the job's options, the image, the schema as the one tool.
      const params = batchApi.batches[0]!.requests[0]!.body;
      expect(params.system).toContain('Write alt text for an image on a web page');
      expect(params.messages[0].content[0].text).toContain('Shop: mugs');
      expect(params.messages[0].content[0].text).toContain('in French');
      expect(params.messages[0].content[1]).toMatchObject({ type: 'image', source: { type: 'base64' } });
      expect(params.tool_choice).toEqual({ type: 'tool', name: 'alt_text' });
      expect(params.tools[0].input_schema.required).toContain('altText');

      const results = await env.server.request('GET', `/api/v1/jobs/${created.body.id}/results?limit=10`, { token });
      expect(results.body.items.map((item: { result: { provider: string; verification: string } }) => [item.result.provider, item.result.verification])).toEqual(Array(5).fill(['anthropic', 'model']));
      expect(results.body.items[2].attempts).toBe(2);
      // The job's result shape: the tokens the provider reported, no field of its own for the mode.
      expect(results.body.items[1].result.usage).toEqual({ inputTokens: 700, outputTokens: 45, cachedInputTokens: 0 });
      expect(results.body.items[1].result).not.toHaveProperty('mode');
      expect(results.body.items.map((item: { result: { processingTime: number } }) => item.result.processingTime)).toEqual([0, 0, 0, 0, 0]);

      // Cached as a live answer is: the same image and options asked live is a hit (this fake has no live endpoint).
      const live = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: urls[1], language: 'fr' } });
      expect(live.status).toBe(200);
      expect(live.body).toMatchObject({ cached: true, altText: results.body.items[1].result.altText, provider: 'anthropic' });
    }, 60_000);
  });
}
