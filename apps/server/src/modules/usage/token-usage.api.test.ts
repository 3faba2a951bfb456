// Every token counted where an operator sees it (issue 26): a description's `usage` as the provider
// reported it, in the API result, the history, a job's results and exports, and the usage analytics'
// "tokens" series. The fake vision model reports 100 input and 20 output tokens per call unless a
// test says otherwise.
import type { TokenCounts } from '@altwise/shared';
import { altTextResultSchema, historyResponseSchema, jobResultsResponseSchema, usageResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import { parseCsv } from '../jobs/csv';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';
import { meteringFor } from './usage.test-support';

const PER_CALL: TokenCounts = { inputTokens: 100, outputTokens: 20, cachedInputTokens: 0 };

/** The tokens series of the last 24 hours, summed, and how many buckets carry any. */
async function tokenTotals(server: TestServer, token: string) {
  const response = await server.request('GET', '/api/v1/usage?range=24h', { token });
  expect(response.status).toBe(200);
  const { buckets } = usageResponseSchema.parse(response.body).series;
  return buckets.reduce(
    (sum, bucket) => ({
      inputTokens: sum.inputTokens + bucket.inputTokens,
      outputTokens: sum.outputTokens + bucket.outputTokens,
      cachedInputTokens: sum.cachedInputTokens + bucket.cachedInputTokens,
    }),
    { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 },
  );
}

for (const database of DATABASES) {
  describe(`token usage in results, history, jobs and analytics (${database})`, () => {
    let env: JobsTestEnv;
    beforeAll(async () => {
      env = await startJobsEnv(database);
    });
    afterAll(() => env.close());

    const describeUrl = (token: string, imageUrl: string) => env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
    const history = async (token: string) => historyResponseSchema.parse((await env.server.request('GET', '/api/v1/images', { token })).body).items;

    it('answers, keeps in history and counts the tokens of a description; a cache hit adds none', async () => {
      const { token } = await registerUser(env.server);
      const [imageUrl] = await env.hostImages(1);
      const first = await describeUrl(token, imageUrl!);
      expect(first.status).toBe(200);
      expect(altTextResultSchema.parse(first.body)).toMatchObject({ cached: false, tries: 1, usage: PER_CALL });

      const calls = env.vision.calls;
      const hit = await describeUrl(token, imageUrl!);
      expect(hit.status).toBe(200);
      expect(hit.body.cached).toBe(true);
      expect(env.vision.calls).toBe(calls);
      expect(hit.body).not.toHaveProperty('usage');

      const rows = await history(token);
      expect(rows).toHaveLength(2);
      expect(rows.find((row) => row.cached)).not.toHaveProperty('usage');
      expect(rows.find((row) => !row.cached)?.usage).toEqual(PER_CALL);
      // Two requests, one model call: the analytics count its tokens once.
      expect(await tokenTotals(env.server, token)).toEqual(PER_CALL);
    });

    it('adds both calls of a repair try, cached input tokens included, everywhere', async () => {
      const { token } = await registerUser(env.server);
      const [imageUrl] = await env.hostImages(1);
      let call = 0;
      env.vision.setReply(() => {
        call += 1;
        return { altText: call === 1 ? 'IMG_0042.CR2' : 'Lighthouse on a rocky headland at dusk' };
      });
      // Two different reports, so a sum cannot pass by counting one call twice.
      env.vision.setUsage((_request, _number) => (call === 1 ? { prompt_tokens: 100, completion_tokens: 20 } : { prompt_tokens: 180, completion_tokens: 25, cached_tokens: 64 }));
      try {
        const response = await describeUrl(token, imageUrl!);
        expect(response.status).toBe(200);
        const expected = { inputTokens: 280, outputTokens: 45, cachedInputTokens: 64 };
        expect(response.body).toMatchObject({ tries: 2, altText: 'Lighthouse on a rocky headland at dusk', usage: expected });
        expect((await history(token))[0]!.usage).toEqual(expected);
        expect(await tokenTotals(env.server, token)).toEqual(expected);
      } finally {
        env.vision.reset();
      }
    });

    it('reports none when the provider reports none, and the request still counts', async () => {
      const { token } = await registerUser(env.server);
      const [imageUrl] = await env.hostImages(1);
      env.vision.setUsage(() => null);
      try {
        const response = await describeUrl(token, imageUrl!);
        expect(response.status).toBe(200);
        expect(response.body).not.toHaveProperty('usage');
        expect((await history(token))[0]).not.toHaveProperty('usage');
        const usage = usageResponseSchema.parse((await env.server.request('GET', '/api/v1/usage?range=24h', { token })).body);
        expect(usage.series.buckets.at(-1)).toMatchObject({ success: 1, inputTokens: 0, outputTokens: 0 });
      } finally {
        env.vision.reset();
      }
    });

    it("carries each job item's tokens in its result and the CSV; a duplicate shares the text, not the cost", async () => {
      const { token } = await env.proUser();
      const [first, second] = await env.hostImages(2);
      const created = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: first }, { imageUrl: second }, { imageUrl: first }] } });
      expect(created.status).toBe(202);
      const job = await env.waitFor(token, created.body.id);
      expect(job.counts.succeeded).toBe(3);

      const results = jobResultsResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${job.id}/results`, { token })).body).items;
      const described = results.filter((item) => item.duplicateOf === null);
      expect(described).toHaveLength(2);
      for (const item of described) expect(item.result?.usage).toEqual(PER_CALL);
      const duplicate = results.find((item) => item.duplicateOf !== null)!;
      expect(duplicate.result?.altText).toBe(described.find((item) => item.id === duplicate.duplicateOf)!.result?.altText);
      expect(duplicate.result).not.toHaveProperty('usage');

      const exported = await env.server.request('GET', `/api/v1/jobs/${job.id}/results.csv`, { token });
      const [header, ...rows] = parseCsv(exported.body as string).map((row) => row.fields);
      expect(header!.slice(-2)).toEqual(['input_tokens', 'output_tokens']);
      const tokensOf = (row: string[]) => row.slice(-2);
      expect(rows.map(tokensOf)).toEqual(results.map((item) => (item.result?.usage ? ['100', '20'] : ['', ''])));

      // The analytics agree with the results: two model calls.
      expect(await tokenTotals(env.server, token)).toEqual({ inputTokens: 200, outputTokens: 40, cachedInputTokens: 0 });
    });

    it('keeps the tokens when the rollups are rebuilt from the event log', async () => {
      const { token } = await registerUser(env.server);
      const [imageUrl] = await env.hostImages(1);
      expect((await describeUrl(token, imageUrl!)).status).toBe(200);
      const before = await tokenTotals(env.server, token);
      expect(before).toEqual(PER_CALL);
      await meteringFor(env.server).usage.rebuildRollups();
      expect(await tokenTotals(env.server, token)).toEqual(before);
    });
  });

  describe(`token usage without a vision model (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('gives a draft with no usage, and an empty tokens series', async () => {
      const { token } = await registerUser(server);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await distinctPng())], { type: 'image/png' }), 'harbour.png');
      const response = await server.request('POST', '/api/v1/images', { token, body: form });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ verification: 'draft' });
      expect(response.body).not.toHaveProperty('usage');
      expect(await tokenTotals(server, token)).toEqual({ inputTokens: 0, outputTokens: 0, cachedInputTokens: 0 });
    });
  });
}
