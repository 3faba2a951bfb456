import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicBatchClient } from './anthropic-batch-client';
import { BATCH_TEST_REQUEST } from './batch-request.test-support';
import type { BatchClient, BatchLine } from './batch-client';
import { answersByItem, customIdOf } from './batch-client';
import { createOpenAiBatchClient } from './openai-batch-client';

const request = BATCH_TEST_REQUEST;
const lines = (count: number): BatchLine[] => Array.from({ length: count }, (_, idx) => ({ customId: customIdOf(idx), request }));

let api: FakeBatchApi;
beforeAll(async () => {
  api = await startFakeBatchApi();
});
afterAll(() => api.close());
// The contract with the provider: nothing sent in this test is what the provider would refuse.
afterEach(() => expect(api.takeProblems(), 'requests the provider would refuse').toEqual([]));
beforeEach(() => {
  api.release();
  api.setFail(undefined);
  api.refuse(undefined);
  api.setCancelling({ looks: 1, answered: 0 });
});

/** Polls as the economy coordinator does, a bounded number of looks: whether the batch ended, and the provider's statuses seen. */
async function poll(client: BatchClient, id: string, looks = 10): Promise<{ ended: boolean; seen: string[] }> {
  const seen: string[] = [];
  for (let look = 0; look < looks; look += 1) {
    const ended = await client.ended(id);
    seen.push(api.batches.find((batch) => batch.id === id)!.status);
    if (ended) return { ended, seen };
  }
  return { ended: false, seen };
}

const clients: Record<string, () => BatchClient> = {
  openai: () => createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model: 'gpt-4o-mini' }),
  anthropic: () => createAnthropicBatchClient({ apiKey: 'sk-ant-test', baseUrl: api.anthropicUrl, model: 'claude-haiku-4-5' }),
};

describe.each(Object.keys(clients))('%s batch client against the fake batch API', (name) => {
  it('sends a verified item’s readings as its own lines, each sampled as the live reading is, and maps the answers back per reading', async () => {
    const client = clients[name]!();
    const readings: BatchLine[] = [0, 1, 2].map((sample) => ({ customId: customIdOf(4, sample), request, ...(sample > 0 && { sample }) }));
    const id = await client.submit(readings, 'marker-readings');
    const sent = api.batches.at(-1)!.requests;
    expect(sent.map((line) => line.customId)).toEqual(['item-4', 'item-4-r1', 'item-4-r2']);
    // OpenAI's readings are sampled as live ones; Anthropic's API version (2026-10-21, the SDK's) refuses any sampling parameter.
    expect(sent.map((line) => (line.body as { temperature?: number }).temperature)).toEqual(name === 'openai' ? [0.2, 0.55, 0.9] : [undefined, undefined, undefined]);
    // Anthropic's Messages API takes no seed; OpenAI's Chat Completions does.
    expect(sent.map((line) => (line.body as { seed?: number }).seed)).toEqual(name === 'openai' ? [undefined, 1, 2] : [undefined, undefined, undefined]);
    expect((await poll(client, id)).ended).toBe(true);
    const byItem = answersByItem(await client.results(id));
    expect([...byItem.keys()]).toEqual([4]);
    expect(byItem.get(4)!.map((answer) => answer.customId)).toEqual(['item-4', 'item-4-r1', 'item-4-r2']);
  });

  it('submits the lines as one batch, polls it, and maps every answer back by custom id', async () => {
    const client = clients[name]!();
    api.hold();
    const before = api.submissions;
    const id = await client.submit(lines(3), 'marker-1');
    expect(api.submissions).toBe(before + 1);
    const batch = api.batches.at(-1)!;
    expect(batch.requests.map((line) => line.customId)).toEqual(['item-0', 'item-1', 'item-2']);
    // The live request's parts, as the provider receives them.
    expect(JSON.stringify(batch.requests[0]!.body)).toContain('Write alt text.');
    expect(JSON.stringify(batch.requests[0]!.body)).toContain(request.image.base64);
    expect(await client.ended(id)).toBe(false);
    api.release();
    expect((await poll(client, id)).ended).toBe(true);
    const answers = await client.results(id);
    expect(answers.map((answer) => answer.customId).sort()).toEqual(['item-0', 'item-1', 'item-2']);
    const first = answers[0]!;
    expect(first.ok).toBe(true);
    if (first.ok) {
      const answer = typeof first.answer === 'string' ? JSON.parse(first.answer) : first.answer;
      expect(answer.altText).toBe('Red ceramic mug on a wooden kitchen table');
      expect(first.usage?.inputTokens).toBeGreaterThan(0);
    }
  });

  it('reports a failed request as failed (permanent when the provider refused it as invalid) and leaves unanswered (expired) requests out', async () => {
    const client = clients[name]!();
    const invalid = { error: 'Could not process image', status: 400, type: 'invalid_request_error' };
    api.setFail((customId) => (customId === 'item-1' ? 'Internal error' : customId === 'item-2' ? invalid : undefined));
    const failedId = await client.submit(lines(3), 'marker-2');
    expect((await poll(client, failedId)).ended).toBe(true);
    const answers = await client.results(failedId);
    // A server error may pass on a resend; a request refused as invalid will be refused again.
    expect(answers.find((answer) => answer.customId === 'item-1')).toMatchObject({ ok: false, message: 'Internal error', permanent: false });
    expect(answers.find((answer) => answer.customId === 'item-2')).toMatchObject({ ok: false, message: 'Could not process image', permanent: true });
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);

    api.setFail(undefined);
    api.hold();
    const expiring = await client.submit(lines(3), 'marker-3');
    api.expire(api.batches.at(-1)!.id, 1);
    expect(await client.ended(expiring)).toBe(true);
    expect(api.batches.at(-1)!.status).toBe('expired');
    expect((await client.results(expiring)).map((answer) => answer.customId)).toEqual(['item-0']);
  });

  it('cancels a batch in flight', async () => {
    const client = clients[name]!();
    api.hold();
    const id = await client.submit(lines(2), 'marker-4');
    const cancels = api.cancels;
    await client.cancel(id);
    expect(api.cancels).toBe(cancels + 1);
    expect(api.batches.at(-1)!.cancelled).toBe(true);
    expect(await client.ended(id)).toBe(true);
    expect(await client.results(id)).toEqual([]);
  });
});

describe('finding a submitted batch again by its marker', () => {
  it('OpenAI: the batch whose metadata carries the marker', async () => {
    const client = clients.openai!();
    const id = await client.submit(lines(1), 'marker-find');
    await client.submit(lines(1), 'marker-other');
    expect(await client.findByMarker('marker-find', Date.now() - 1_000)).toBe(id);
    expect(await client.findByMarker('marker-never', Date.now() - 1_000)).toBeNull();
  });
});

// The statuses the providers document, played by the fake one step per look, and what the clients make
// of each: ended only at an end, a refused batch's reasons, a cancel's partial answers.
describe('the OpenAI batch statuses, through the client', () => {
  const client = () => clients.openai!();

  it('validating → in_progress → finalizing → completed: ended only at completed', async () => {
    api.hold();
    const id = await client().submit(lines(2), 'marker-statuses');
    expect(api.batches.at(-1)!.status).toBe('validating');
    expect(await client().ended(id)).toBe(false);
    expect(api.batches.at(-1)!.status).toBe('in_progress');
    api.release();
    const { ended, seen } = await poll(client(), id);
    expect(ended).toBe(true);
    expect(seen).toEqual(['finalizing', 'completed']);
    expect((await client().results(id)).filter((answer) => answer.ok)).toHaveLength(2);
    expect(await client().failure(id)).toBeNull();
  });

  it('failed while validating: ended, no results, the errors read as the reason', async () => {
    api.refuse([{ code: 'model_not_found', message: "The model 'gpt-4o-mini' does not exist.", param: 'model', line: 1 }]);
    const id = await client().submit(lines(2), 'marker-failed');
    expect(await poll(client(), id)).toEqual({ ended: true, seen: ['failed'] });
    expect(await client().results(id)).toEqual([]);
    expect(await client().failure(id)).toEqual({ permanent: true, message: "model_not_found: The model 'gpt-4o-mini' does not exist. (line 1)" });
  });

  it('cancelling stays a while with partial results, then cancelled: the answered requests come back, the rest are unanswered', async () => {
    api.hold();
    api.setCancelling({ looks: 3, answered: 1 });
    const id = await client().submit(lines(3), 'marker-cancelling');
    await client().ended(id);
    await client().cancel(id);
    const { ended, seen } = await poll(client(), id);
    expect(ended).toBe(true);
    expect(seen).toEqual(['cancelling', 'cancelling', 'cancelled']);
    const answers = await client().results(id);
    expect(answers.map((answer) => [answer.customId, answer.ok])).toEqual([['item-0', true]]);
  });

  it('expired: ended, the requests answered before it come back', async () => {
    api.hold();
    const id = await client().submit(lines(3), 'marker-expired');
    api.expire(id, 2);
    expect(await poll(client(), id)).toEqual({ ended: true, seen: ['expired'] });
    expect((await client().results(id)).map((answer) => answer.customId)).toEqual(['item-0', 'item-1']);
  });

  it('a reasoning model (o4-mini) answers every line: the client sends max_completion_tokens and no temperature', async () => {
    const reasoning = createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model: 'o4-mini' });
    const id = await reasoning.submit(lines(2), 'marker-o4');
    expect((await poll(reasoning, id)).ended).toBe(true);
    expect((await reasoning.results(id)).every((answer) => answer.ok)).toBe(true);
    expect(api.batches.at(-1)!.requests[0]!.body).not.toHaveProperty('max_tokens');
  });
});

describe('the Anthropic batch statuses, through the client', () => {
  const client = () => clients.anthropic!();

  it('in_progress → ended; canceling stays a while with partial results, then ended', async () => {
    api.hold();
    const id = await client().submit(lines(2), 'unused');
    expect(api.batches.at(-1)!.status).toBe('in_progress');
    api.release();
    expect(await poll(client(), id)).toEqual({ ended: true, seen: ['completed'] });

    api.hold();
    api.setCancelling({ looks: 2, answered: 1 });
    const cancelled = await client().submit(lines(3), 'unused');
    await client().cancel(cancelled);
    expect(await client().ended(cancelled)).toBe(false);
    const anthropic = new Anthropic({ apiKey: 'sk-ant-test', baseURL: api.anthropicUrl.replace(/\/v1$/, '') });
    expect((await anthropic.messages.batches.retrieve(cancelled)).processing_status).toBe('ended');
    expect((await client().results(cancelled)).map((answer) => answer.customId)).toEqual(['item-0']);
  });
});

// What the fake refuses, sent with the official SDKs as a wrong caller would send it.
describe('the fake batch API refuses what the providers refuse', () => {
  const openai = () => new OpenAI({ apiKey: 'sk-test', baseURL: api.openaiUrl, maxRetries: 0 });
  const line = (customId: string, body: Record<string, unknown>) => JSON.stringify({ custom_id: customId, method: 'POST', url: '/v1/chat/completions', body });
  async function batchOf(jsonl: string) {
    const client = openai();
    const file = await client.files.create({ file: await toFile(Buffer.from(jsonl), 'input.jsonl'), purpose: 'batch' });
    const created = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect(created.status).toBe('validating');
    let batch = created;
    for (let look = 0; look < 5 && !['completed', 'failed'].includes(batch.status); look += 1) batch = await client.batches.retrieve(created.id);
    return batch;
  }

  it('an OpenAI input file with a line not JSON, a duplicate custom_id, a missing body or another url fails while validating', async () => {
    const body = { model: 'gpt-4o-mini', messages: [] };
    const batch = await batchOf(
      [line('a', body), '{not json', line('a', body), JSON.stringify({ custom_id: 'b', method: 'POST', url: '/v1/chat/completions' }), JSON.stringify({ custom_id: 'c', method: 'POST', url: '/v1/embeddings', body })].join('\n'),
    );
    expect(batch.status).toBe('failed');
    expect(batch.errors?.data?.map((error) => [error.code, error.line])).toEqual([
      ['invalid_json_line', 2],
      ['duplicate_custom_id', 3],
      ['missing_required_parameter', 4],
      ['url_mismatch', 5],
    ]);
    expect(batch.output_file_id).toBeUndefined();
    // Counted among the problems every economy suite asserts away after each test.
    expect(api.takeProblems().map((problem) => problem.replace(/^\S+ /, ''))).toEqual([
      'line 2: invalid_json_line This line is not parseable as valid JSON.',
      "line 3: duplicate_custom_id The custom_id 'a' is used more than once in the file.",
      "line 4: missing_required_parameter Missing required parameter: 'body'.",
      "line 5: url_mismatch The url '/v1/embeddings' does not match the batch's endpoint '/v1/chat/completions'.",
    ]);
  });

  it('max_tokens or a temperature for an o-series model is answered 400 in the error file, as the API answers it', async () => {
    const batch = await batchOf(
      [line('ok', { model: 'o4-mini', max_completion_tokens: 100, messages: [] }), line('max', { model: 'o4-mini', max_tokens: 100, messages: [] }), line('temp', { model: 'o4-mini', temperature: 0.2, messages: [] })].join('\n'),
    );
    expect(batch.status).toBe('completed');
    expect(batch.request_counts).toEqual({ total: 3, completed: 1, failed: 2 });
    const errors = (await (await openai().files.content(batch.error_file_id!)).text()).trim().split('\n').map((text) => JSON.parse(text));
    expect(errors.map((entry) => [entry.custom_id, entry.response.status_code, entry.response.body.error.code, entry.response.body.error.param])).toEqual([
      ['max', 400, 'unsupported_parameter', 'max_tokens'],
      ['temp', 400, 'unsupported_value', 'temperature'],
    ]);
    expect(api.takeProblems()).toHaveLength(2);
  });

  it('Anthropic refuses a create with a duplicate custom_id, params without max_tokens or with a temperature (400)', async () => {
    const anthropic = new Anthropic({ apiKey: 'sk-ant-test', baseURL: api.anthropicUrl.replace(/\/v1$/, ''), maxRetries: 0 });
    const params = { model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user' as const, content: 'Hi' }] };
    await expect(anthropic.messages.batches.create({ requests: [{ custom_id: 'a', params }, { custom_id: 'a', params }] })).rejects.toMatchObject({ status: 400 });
    const { max_tokens: _unused, ...withoutMaxTokens } = params;
    await expect(anthropic.messages.batches.create({ requests: [{ custom_id: 'a', params: withoutMaxTokens as typeof params }] })).rejects.toMatchObject({ status: 400 });
    // A sampling parameter, which the SDK's types no longer have (sent as an extra body field, as a hand-built request would).
    await expect(anthropic.messages.batches.create({ requests: [{ custom_id: 'a', params: { ...params, temperature: 1 } as typeof params }] })).rejects.toMatchObject({
      status: 400,
      error: { error: { message: 'requests.0.params.temperature: Extra inputs are not permitted' } },
    });
    expect(api.takeProblems()).toEqual(['POST /v1/messages/batches: answered 400', 'POST /v1/messages/batches: answered 400', 'POST /v1/messages/batches: answered 400']);
  });
});
