import type { PreparedRequest } from '@altwise/engine';
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicBatchClient } from './anthropic-batch-client';
import type { BatchClient, BatchLine } from './batch-client';
import { customIdOf } from './batch-client';
import { createOpenAiBatchClient } from './openai-batch-client';

const request: PreparedRequest = {
  sha256: 'ab'.repeat(32),
  provider: 'openai',
  model: 'gpt-4o-mini',
  system: 'Write alt text.',
  user: 'Language: English.',
  image: { base64: Buffer.from('png').toString('base64'), mediaType: 'image/png' },
  schema: { type: 'object', properties: { altText: { type: 'string' } }, required: ['altText'], additionalProperties: false },
  schemaName: 'alt_text',
};
const lines = (count: number): BatchLine[] => Array.from({ length: count }, (_, idx) => ({ customId: customIdOf(idx), request }));

let api: FakeBatchApi;
beforeAll(async () => {
  api = await startFakeBatchApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.release();
  api.setFail(undefined);
});

const clients: Record<string, () => BatchClient> = {
  openai: () => createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model: 'gpt-4o-mini' }),
  anthropic: () => createAnthropicBatchClient({ apiKey: 'sk-ant-test', baseUrl: api.anthropicUrl, model: 'claude-haiku-4-5' }),
};

describe.each(Object.keys(clients))('%s batch client against the fake batch API', (name) => {
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
    expect(await client.ended(id)).toBe(true);
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

  it('reports a failed request as failed and leaves unanswered (expired) requests out', async () => {
    const client = clients[name]!();
    api.setFail((customId) => (customId === 'item-1' ? 'Internal error' : undefined));
    const failedId = await client.submit(lines(3), 'marker-2');
    const answers = await client.results(failedId);
    expect(answers.find((answer) => answer.customId === 'item-1')).toMatchObject({ ok: false, message: 'Internal error' });
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);

    api.setFail(undefined);
    api.hold();
    const expiring = await client.submit(lines(3), 'marker-3');
    api.expire(api.batches.at(-1)!.id, 1);
    expect(await client.ended(expiring)).toBe(true);
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
