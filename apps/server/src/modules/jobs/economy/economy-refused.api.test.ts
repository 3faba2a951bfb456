// An OpenAI batch refused as a whole (status failed, no output file, the reasons in `errors`): a
// reason that will not change fails the items at once with that reason; a passing one (the enqueued
// token limit) sends them again in a later batch, after a backoff.
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/test-server';
import type { JobsTestEnv } from '../jobs.test-support';
import { startJobsEnv } from '../jobs.test-support';

const POLL_MS = 100;

for (const database of DATABASES) {
  describe(`economy jobs when OpenAI refuses the batch (${database})`, () => {
    let env: JobsTestEnv;
    let batchApi: FakeBatchApi;
    beforeAll(async () => {
      batchApi = await startFakeBatchApi();
      env = await startJobsEnv(database, { env: { ALT_PROVIDER: 'openai', OPENAI_BASE_URL: batchApi.openaiUrl, OPENAI_API_KEY: 'test', ECONOMY_POLL_MS: String(POLL_MS) } });
    });
    afterAll(async () => {
      await env.close();
      await batchApi.close();
    });
    // The contract with the provider: nothing sent in this test is what the provider would refuse.
    afterEach(() => expect(batchApi.takeProblems(), 'requests the provider would refuse').toEqual([]));
    beforeEach(() => {
      batchApi.refuse(undefined);
      batchApi.release();
    });

    const create = async (token: string, count: number) => {
      const urls = await env.hostImages(count);
      const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { mode: 'economy', items: urls.map((imageUrl) => ({ imageUrl })) } });
      expect(response.status).toBe(202);
      return response.body as { id: string };
    };

    it('fails every item at once, with the provider reason, when the model does not exist', async () => {
      const { token } = await env.proUser();
      batchApi.refuse([{ code: 'model_not_found', message: "The model 'gpt-4o-mini' does not exist or you do not have access to it.", param: 'model', line: 1 }]);
      const before = batchApi.submissions;
      const job = await create(token, 3);
      const done = await env.waitFor(token, job.id, undefined, 30_000);
      expect(done.counts).toMatchObject({ total: 3, succeeded: 0, failed: 3, pending: 0 });
      // One batch: nothing resubmitted for a reason that will not change.
      expect(batchApi.submissions - before).toBe(1);
      const results = await env.server.request('GET', `/api/v1/jobs/${job.id}/results?limit=10`, { token });
      for (const item of results.body.items) {
        expect(item.error).toMatchObject({ code: 'provider_error' });
        expect(item.error.message).toBe("The provider refused the batch: model_not_found: The model 'gpt-4o-mini' does not exist or you do not have access to it. (line 1)");
      }
    });

    it('sends the items again after a backoff when the refusal may pass (token_limit_exceeded)', async () => {
      const { token } = await env.proUser();
      batchApi.refuse([{ code: 'token_limit_exceeded', message: 'Enqueued token limit reached for gpt-4o-mini in organization org-1.' }]);
      const before = batchApi.submissions;
      const job = await create(token, 3);
      await batchApi.waitForSubmissions(before + 1);
      batchApi.refuse(undefined);
      batchApi.hold();
      await batchApi.waitForSubmissions(before + 2);
      // The second batch went out once the backoff the refusal set (the job's waiting_until) was over.
      const row = await env.server.app.db.selectFrom('jobs').select(['waiting_until']).where('id', '=', job.id).executeTakeFirstOrThrow();
      const [refused, again] = batchApi.batches.slice(-2);
      expect(Number(row.waiting_until)).toBeGreaterThanOrEqual(refused!.createdAt + POLL_MS * 2);
      expect(again!.createdAt).toBeGreaterThanOrEqual(Number(row.waiting_until));
      expect(again!.requests).toHaveLength(3);
      batchApi.release();
      const done = await env.waitFor(token, job.id, undefined, 30_000);
      expect(done.counts).toMatchObject({ total: 3, succeeded: 3, failed: 0 });
      expect(batchApi.submissions - before).toBe(2);
    });
  });
}
