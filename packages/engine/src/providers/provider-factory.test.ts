import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { largeJpeg } from '../../test/image-fixtures';
import { createAltTextEngine } from '../alt-text-engine';
import type { FetchFunction } from './ai-sdk.provider';
import type { ProviderConfig } from './provider-factory';
import { createProvider, resolveProviderName } from './provider-factory';

const ALT = {
  altText: 'Lighthouse on a rocky headland',
  isDecorative: false,
  containsText: false,
  textInImage: '',
  longDescription: '',
  keywordsShown: [],
};

let fake: FakeVisionServer;
let photo: Buffer;
beforeAll(async () => {
  fake = await startFakeVisionServer();
  photo = await largeJpeg(2000, 1500);
});
afterAll(() => fake.close());

/** Records what an SDK provider would send and answers with a canned body; no network at all. */
function cannedFetch(answer: unknown) {
  const sent: Array<{ url: string; body: Record<string, unknown> }> = [];
  const fetch: FetchFunction = async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, sent };
}

describe('resolveProviderName', () => {
  it.each<[Partial<ProviderConfig>, string]>([
    [{}, 'offline'],
    [{ openaiApiKey: 'k' }, 'openai'],
    [{ openaiApiKey: 'k', openaiBaseUrl: 'http://127.0.0.1:1/v1' }, 'openai-compatible'],
    [{ anthropicApiKey: 'k' }, 'anthropic'],
    [{ googleApiKey: 'k' }, 'google'],
    [{ anthropicApiKey: 'k', googleApiKey: 'k' }, 'anthropic'],
    [{ openaiApiKey: 'k', anthropicApiKey: 'k' }, 'openai'],
    [{ ollamaBaseUrl: 'http://127.0.0.1:11434' }, 'offline'],
  ])('auto with %j picks %s', (config, expected) => {
    expect(resolveProviderName({ provider: 'auto', ...config })).toBe(expected);
  });

  it('keeps an explicit choice', () => {
    expect(resolveProviderName({ provider: 'ollama', openaiApiKey: 'k' })).toBe('ollama');
  });
});

describe('createProvider', () => {
  it('builds each provider with its default model and image size, without network', () => {
    const cases: Array<[ProviderConfig, string, string, number]> = [
      [{ provider: 'offline' }, 'offline', 'offline-describer-1', 256],
      [{ provider: 'openai', openaiApiKey: 'k' }, 'openai', 'gpt-4o-mini', 512],
      [
        { provider: 'openai-compatible', openaiBaseUrl: 'http://127.0.0.1:1/v1' },
        'openai-compatible',
        'gpt-4o-mini',
        1024,
      ],
      [{ provider: 'ollama' }, 'ollama', 'llama3.2-vision', 1024],
      [{ provider: 'anthropic', anthropicApiKey: 'k' }, 'anthropic', 'claude-haiku-4-5', 768],
      [{ provider: 'google', googleApiKey: 'k' }, 'google', 'gemini-2.5-flash', 768],
    ];
    for (const [config, name, model, maxEdge] of cases) {
      const provider = createProvider(config);
      expect({ name: provider.name, model: provider.model, maxEdge: provider.preparation.maxEdge }).toEqual({
        name,
        model,
        maxEdge,
      });
    }
  });

  it('applies the model and image-size overrides', () => {
    const provider = createProvider({
      provider: 'auto',
      googleApiKey: 'k',
      model: 'gemini-2.5-pro',
      maxImageEdge: 512,
    });
    expect(provider).toMatchObject({
      name: 'google',
      model: 'gemini-2.5-pro',
      preparation: { maxEdge: 512 },
    });
  });

  it('names the missing variable when a chosen provider lacks its key', () => {
    expect(() => createProvider({ provider: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => createProvider({ provider: 'openai-compatible' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => createProvider({ provider: 'anthropic' })).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => createProvider({ provider: 'google' })).toThrow(/GOOGLE_GENERATIVE_AI_API_KEY/);
  });
});

describe('each model provider end to end', () => {
  it('openai speaks Chat Completions with strict structured output', async () => {
    const engine = createAltTextEngine({
      provider: { provider: 'openai', openaiApiKey: 'sk-test', openaiBaseUrl: fake.url },
    });
    const result = await engine.describe({ bytes: photo });
    expect(result).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', wcagCompliant: true });
    expect(fake.lastRequest!.path).toBe('/v1/chat/completions');
    expect(fake.lastRequest!.body.response_format.type).toBe('json_schema');
    expect(fake.lastRequest!.images[0]!.url).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('ollama uses its OpenAI-compatible endpoint under /v1', async () => {
    const root = fake.url.replace(/\/v1$/, '');
    const engine = createAltTextEngine({
      provider: { provider: 'ollama', ollamaBaseUrl: root, model: 'qwen2.5vl' },
    });
    const result = await engine.describe({ bytes: photo });
    expect(result).toMatchObject({ provider: 'ollama', model: 'qwen2.5vl' });
    expect(fake.lastRequest!.body.model).toBe('qwen2.5vl');
    expect(fake.lastRequest!.headers.authorization).toBeUndefined();
  });

  it('anthropic sends a base64 image of at most 768 px and reads the JSON answer', async () => {
    const { fetch, sent } = cannedFetch({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-haiku-4-5',
      content: [{ type: 'text', text: JSON.stringify(ALT) }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
    });
    const engine = createAltTextEngine({
      provider: { provider: 'anthropic', anthropicApiKey: 'k' },
      providerDependencies: { fetch },
    });
    const result = await engine.describe({ bytes: photo });
    expect(result).toMatchObject({ altText: ALT.altText, provider: 'anthropic' });
    const messages = sent[0]!.body.messages as Array<{
      content: Array<{ type: string; source?: { data: string } }>;
    }>;
    const imagePart = messages[0]!.content.find((part) => part.type === 'image')!;
    const sentImage = await sharp(Buffer.from(imagePart.source!.data, 'base64')).metadata();
    expect(Math.max(sentImage.width!, sentImage.height!)).toBe(768);
  });

  it('google sends inline data and reads the JSON answer', async () => {
    const { fetch, sent } = cannedFetch({
      candidates: [
        {
          content: { role: 'model', parts: [{ text: JSON.stringify(ALT) }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    });
    const engine = createAltTextEngine({
      provider: { provider: 'google', googleApiKey: 'k' },
      providerDependencies: { fetch },
    });
    const result = await engine.describe({ bytes: photo });
    expect(result).toMatchObject({ altText: ALT.altText, provider: 'google', model: 'gemini-2.5-flash' });
    expect(JSON.stringify(sent[0]!.body)).toContain('"inlineData":{"mimeType":"image/jpeg"');
  });
});
