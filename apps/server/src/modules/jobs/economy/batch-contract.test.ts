// The contract between the economy batch clients and the providers, held to the official SDKs'
// published types (test-support fake-batch-contract.ts): the production clients, driven through every
// call they make (submit for each OpenAI model family and a verified item's readings, list by marker,
// poll, results, refusal, cancel), send only requests whose every field the SDK's parameter type
// knows and whose every required field is there. The check has teeth (an unknown field, a missing
// one, a wrong value), and the fake plays the transient answers the clients must ride out: a 429 with
// retry-after, a 5xx, Anthropic's 529 overloaded.
import type { FakeBatchApi, FakeBatchCall } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { batchOperationsOf, batchRequestProblems } from '@altwise/test-support/fake-batch-contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAnthropicBatchClient } from './anthropic-batch-client';
import { BATCH_TEST_REQUEST } from './batch-request.test-support';
import type { BatchClient, BatchLine } from './batch-client';
import { customIdOf } from './batch-client';
import { createOpenAiBatchClient } from './openai-batch-client';

const request = BATCH_TEST_REQUEST;
// An unverified item and a verified item's three readings (sampled lines: seed, temperature).
const LINES: BatchLine[] = [
  { customId: customIdOf(0), request },
  ...[0, 1, 2].map((sample) => ({ customId: customIdOf(1, sample), request, ...(sample > 0 && { sample }) })),
];

let api: FakeBatchApi;
beforeAll(async () => {
  api = await startFakeBatchApi();
});
afterAll(() => api.close());

/** Every call a client makes, as the economy coordinator makes them. */
async function driveEveryCall(client: BatchClient, marker: string): Promise<void> {
  const id = await client.submit(LINES, marker);
  await client.findByMarker(marker, Date.now() - 60_000);
  for (let look = 0; look < 10 && !(await client.ended(id)); look += 1);
  await client.results(id);
  await client.failure(id);
  api.hold();
  const cancelled = await client.submit(LINES, `${marker}-cancel`);
  await client.cancel(cancelled);
  api.release();
  for (let look = 0; look < 10 && !(await client.ended(cancelled)); look += 1);
  await client.results(cancelled);
}

describe("the batch clients' requests, by the SDKs' published types", () => {
  afterEach(() => expect(api.takeProblems(), 'requests the provider would refuse').toEqual([]));

  it('OpenAI (gpt-4o-mini, o4-mini, gpt-5-mini) and Anthropic: every call of the production clients is one the SDK types accept', async () => {
    const from = api.calls.length;
    for (const model of ['gpt-4o-mini', 'o4-mini', 'gpt-5-mini'])
      await driveEveryCall(createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model }), `contract-${model}`);
    await driveEveryCall(createAnthropicBatchClient({ apiKey: 'sk-ant-test', baseUrl: api.anthropicUrl, model: 'claude-haiku-4-5' }), 'contract-claude');
    const calls = api.calls.slice(from);

    expect(batchOperationsOf(calls)).toEqual([
      'anthropic batches.cancel',
      'anthropic batches.create',
      'anthropic batches.results',
      'anthropic batches.retrieve',
      'openai batches.cancel',
      'openai batches.create',
      'openai batches.list',
      'openai batches.retrieve',
      'openai files.content',
      'openai files.create',
    ]);
    expect(calls.every((call) => call.status !== undefined && call.status < 400)).toBe(true);
    expect(batchRequestProblems(calls)).toEqual([]);
  });

  it('finds what the SDK types refuse: an unknown field, a missing one, a wrong value, a call the APIs do not have', () => {
    const line = (body: Record<string, unknown>) => JSON.stringify({ custom_id: 'item-0', method: 'POST', url: '/v1/chat/completions', body });
    const messages = [{ role: 'user', content: 'Describe the image.' }];
    const calls: FakeBatchCall[] = [
      { method: 'POST', path: '/v1/files', query: {}, form: { purpose: 'batch', file: `${line({ model: 'gpt-4o-mini', messages, max_tokenz: 5 })}\n${line({ messages })}\n` } },
      { method: 'POST', path: '/v1/batches', query: {}, json: { input_file_id: 'file-1', endpoint: '/v1/chat/completions', completion_window: '48h' } },
      { method: 'POST', path: '/v1/messages/batches', query: {}, json: { requests: [{ custom_id: 'item-0', params: { model: 'claude-haiku-4-5', messages } }] } },
      { method: 'GET', path: '/v1/batches/batch_1', query: { include: 'output' } },
      { method: 'POST', path: '/v1/batches/batch_1/retry', query: {} },
    ];
    const problems = batchRequestProblems(calls);
    expect(problems).toHaveLength(6);
    expect(problems[0]).toBe("POST /v1/batches/batch_1/retry: no such call in the providers' batch APIs");
    expect(problems.slice(1).join('\n')).toMatch(/POST \/v1\/files line 1 .*'"max_tokenz"' does not exist/);
    expect(problems.slice(1).join('\n')).toMatch(/POST \/v1\/files line 2 .*'model' is missing/);
    expect(problems.slice(1).join('\n')).toMatch(/POST \/v1\/batches .*"48h"/);
    expect(problems.slice(1).join('\n')).toMatch(/POST \/v1\/messages\/batches .*'max_tokens' is missing/);
    expect(problems.slice(1).join('\n')).toMatch(/GET \/v1\/batches\/batch_1 .*not assignable to type 'never'/);
  });
});

describe('the transient answers the providers give at any call, ridden out by the clients (the SDKs retry them)', () => {
  afterEach(() => {
    // Each scripted answer is an error the fake counts; a test takes exactly those it scripted.
    expect(api.takeProblems().every((problem) => /answered (429|500|503|529)$/.test(problem))).toBe(true);
  });

  it('OpenAI: a rate limit (429 with retry-after) on the upload and a 500 on a poll are retried, and the batch goes on', async () => {
    const client = createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model: 'gpt-4o-mini' });
    const from = api.calls.length;
    api.answerNext(1, { status: 429, retryAfterSeconds: 1 });
    const id = await client.submit(LINES, 'transient-openai');
    const submitted = api.calls.slice(from).map((call) => `${call.method} ${call.path} ${call.status}`);
    expect(submitted).toEqual(['POST /v1/files 429', 'POST /v1/files 200', 'POST /v1/batches 200']);
    api.answerNext(1, { status: 500 });
    let ended = false;
    for (let look = 0; look < 10 && !ended; look += 1) ended = await client.ended(id);
    expect(ended).toBe(true);
    expect(api.calls.slice(from).filter((call) => call.status === 500)).toHaveLength(1);
    expect((await client.results(id)).filter((answer) => answer.ok)).toHaveLength(LINES.length);
  });

  it("Anthropic: a rate limit (429 with retry-after) on the create and a 529 overloaded on a poll are retried, and the batch goes on", async () => {
    const client = createAnthropicBatchClient({ apiKey: 'sk-ant-test', baseUrl: api.anthropicUrl, model: 'claude-haiku-4-5' });
    const from = api.calls.length;
    api.answerNext(1, { status: 429, retryAfterSeconds: 1 });
    const id = await client.submit(LINES, 'unused');
    api.answerNext(1, { status: 529 });
    let ended = false;
    for (let look = 0; look < 10 && !ended; look += 1) ended = await client.ended(id);
    expect(ended).toBe(true);
    const statuses = api.calls.slice(from).map((call) => call.status);
    expect(statuses.slice(0, 2)).toEqual([429, 200]);
    expect(statuses.filter((status) => status === 529)).toHaveLength(1);
    expect((await client.results(id)).filter((answer) => answer.ok)).toHaveLength(LINES.length);
  });

  it('a rate limit that outlasts the retries reaches the caller as the provider’s 429 (the coordinator tries again at its next poll)', async () => {
    const client = createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model: 'gpt-4o-mini' });
    const from = api.calls.length;
    api.answerNext(3, { status: 429, retryAfterSeconds: 0 });
    await expect(client.submit(LINES, 'transient-outlasting')).rejects.toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    // maxRetries 2: the first try and two retries, then the error; nothing was created.
    expect(api.calls.slice(from).map((call) => call.status)).toEqual([429, 429, 429]);
  });
});
