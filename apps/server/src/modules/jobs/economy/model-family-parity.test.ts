// One request per model family, live or batch: the Chat Completions body the live call sends (the AI
// SDK's, captured from the wire) and the body of the economy job's batch line for the same image are
// the same body, for a sampling model (gpt-4o-mini) and the reasoning families (o4-mini, gpt-5-mini:
// no temperature, max_completion_tokens, a developer message).
import { createProvider, requestOf } from '@altwise/engine';
import type { FakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { startFakeBatchApi } from '@altwise/test-support/fake-batch-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customIdOf } from './batch-client';
import { createOpenAiBatchClient } from './openai-batch-client';

const ANSWER = {
  altText: 'Red ceramic mug on a wooden kitchen table',
  longDescription: '',
  textInImage: '',
  keywordsShown: [],
  isDecorative: false,
  confidence: 0.9,
  containsText: false,
};

type VisionProvider = ReturnType<typeof createProvider>;

/** The live provider for `model`, with a fetch that keeps the body it was asked to send. */
function liveProvider(model: string, sent: unknown[]): VisionProvider {
  const fetch = (async (_url: unknown, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(ANSWER) },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  }) as typeof globalThis.fetch;
  return createProvider({ provider: 'openai', model, openaiApiKey: 'sk-test' }, { fetch });
}

let api: FakeBatchApi;
beforeAll(async () => {
  api = await startFakeBatchApi();
});
afterAll(() => api.close());
// The contract with the provider: nothing sent in this test is what the provider would refuse.
afterEach(() => expect(api.takeProblems(), 'requests the provider would refuse').toEqual([]));

describe.each(['gpt-4o-mini', 'o4-mini', 'gpt-5-mini'])(
  '%s: the live request and the batch line',
  (model) => {
    it('send the same body', async () => {
      const sent: unknown[] = [];
      const provider = liveProvider(model, sent);
      const input = {
        image: { bytes: Buffer.from('a prepared png'), mediaType: 'image/png', width: 1, height: 1 },
        original: { type: 'png', width: 1, height: 1, animated: false, hasAlpha: false },
        language: 'en',
        maxLength: 125,
        metadata: {},
        context: 'Our kitchen range',
      } as unknown as Parameters<VisionProvider['describe']>[0];
      await provider.describe(input);
      expect(sent).toHaveLength(1);

      const request = await requestOf(provider, input, 'ab'.repeat(32));
      const client = createOpenAiBatchClient({ apiKey: 'sk-test', baseUrl: api.openaiUrl, model });
      await client.submit([{ customId: customIdOf(0), request }], `parity-${model}`);
      const line = api.batches.at(-1)!.requests[0]!.body as Record<string, unknown>;

      expect(line).toEqual(sent[0]);
      const reasoning = model !== 'gpt-4o-mini';
      expect('temperature' in line).toBe(!reasoning);
      expect('max_tokens' in line).toBe(!reasoning);
      expect('max_completion_tokens' in line).toBe(reasoning);
    });
  },
);
