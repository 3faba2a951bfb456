import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { largeJpeg } from '../../test/image-fixtures';
import type { AltTextEngine } from '../alt-text-engine';
import type { AltTextDescription } from '../description';
import { createAltTextEngine } from '../alt-text-engine';
import type { ImageSource } from '../image/image-loader';
import { createOpenAiCompatibleProvider } from './openai-compatible.provider';
import type { RetryPolicy } from './retry-policy';
import { failureCode } from '../../test/engine-errors';

let fake: FakeVisionServer;
let host: ImageHost;
let image: ImageSource;
const sleeps: number[] = [];

// Real deadlines, shortened; backoff sleeps are recorded instead of waited.
const FAST_RETRY: Partial<RetryPolicy> = {
  attemptTimeoutMs: 2_000,
  overallTimeoutMs: 5_000,
  baseDelayMs: 10,
  maxDelayMs: 20,
  sleep: async (ms) => void sleeps.push(ms),
};

function engineWith(retry: Partial<RetryPolicy> = FAST_RETRY): AltTextEngine {
  return createAltTextEngine({
    provider: createOpenAiCompatibleProvider({
      baseUrl: fake.url,
      apiKey: 'test-key',
      model: 'fake-vision',
      retry,
    }),
    fetch: { allow: [host.hostPort] },
  });
}

beforeAll(async () => {
  fake = await startFakeVisionServer();
  host = await startImageHost({
    '/gallery/sunset-3000.jpg': { body: await largeJpeg(3000, 2000), contentType: 'image/jpeg' },
  });
  image = { url: `${host.url}/gallery/sunset-3000.jpg` };
});
afterAll(async () => {
  await fake.close();
  await host.close();
});
beforeEach(() => {
  fake.reset();
  sleeps.length = 0;
});

describe('the openai-compatible provider against the fake vision server', () => {
  it('parses the structured output into a checked result', async () => {
    const result = await engineWith().describe(image, { context: 'Holiday gallery' });
    expect(result.altText).toMatch(/^Fake vision description [0-9a-f]{8}$/);
    expect(result).toMatchObject({
      isDecorative: false,
      containsText: false,
      wcagCompliant: true,
      issues: [],
      provider: 'openai-compatible',
      model: 'fake-vision',
    });
  });

  it('reports the tokens the provider counted, and none for an answer that called no model', async () => {
    const cache = new Map<string, AltTextDescription>();
    const engine = createAltTextEngine({
      provider: createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: 'test-key', model: 'fake-vision', retry: FAST_RETRY }),
      fetch: { allow: [host.hostPort] },
      cache: { find: async (key) => cache.get(key), save: async (key, value) => void cache.set(key, value) },
    });
    const first = await engine.describe(image);
    // The fake answers every call with usage { prompt_tokens: 100, completion_tokens: 20 }.
    expect(first.usage).toEqual({ inputTokens: 100, outputTokens: 20, cachedInputTokens: 0 });
    const again = await engine.describe(image);
    expect(again.cached).toBe(true);
    expect(again.usage).toBeUndefined();
  });

  it('asks for a json_schema response and sends the prompt', async () => {
    await engineWith().describe(image, { language: 'de', maxLength: 100 });
    const body = fake.lastRequest!.body;
    expect(body.model).toBe('fake-vision');
    expect(body.response_format.type).toBe('json_schema');
    expect(Object.keys(body.response_format.json_schema.schema.properties)).toEqual(
      expect.arrayContaining(['altText', 'isDecorative', 'containsText', 'textInImage', 'longDescription']),
    );
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(body.messages[0].content).toContain('WCAG 2.2 1.1.1');
    expect(JSON.stringify(body.messages[1].content)).toContain('at most 100 characters');
    expect(fake.lastRequest!.headers.authorization).toBe('Bearer test-key');
  });

  it('sends the image inline as a downscaled data URL, never the user URL', async () => {
    await engineWith().describe(image);
    const request = fake.lastRequest!;
    expect(request.images).toHaveLength(1);
    expect(request.images[0]!.url).toMatch(/^data:image\/jpeg;base64,/);
    expect(request.rawBody).not.toContain(host.url);
    expect(request.rawBody).not.toContain('127.0.0.1');
    const sent = await sharp(request.images[0]!.bytes).metadata();
    expect(Math.max(sent.width!, sent.height!)).toBeLessThanOrEqual(1024);
    expect({ width: sent.width, height: sent.height }).toEqual({ width: 1024, height: 683 });
  });

  it('survives two transient 500s', async () => {
    fake.failNext(2, 500);
    const before = fake.calls;
    const result = await engineWith().describe(image);
    expect(result.altText).toMatch(/^Fake vision description/);
    expect(fake.calls - before).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it('honours Retry-After on a 429', async () => {
    fake.failNext(1, 429, { retryAfter: 2 });
    await engineWith().describe(image);
    expect(sleeps).toEqual([2_000]);
  });

  it('reports a permanent failure as provider_error after three attempts', async () => {
    fake.failAlways(500);
    const before = fake.calls;
    expect(await failureCode(engineWith().describe(image))).toBe('provider_error');
    expect(fake.calls - before).toBe(3);
  });

  it('reports lasting rate limiting as provider_rate_limited', async () => {
    fake.failAlways(429, { retryAfter: 1 });
    expect(await failureCode(engineWith().describe(image))).toBe('provider_rate_limited');
  });

  it('does not retry a 400', async () => {
    fake.failAlways(400);
    const before = fake.calls;
    expect(await failureCode(engineWith().describe(image))).toBe('provider_error');
    expect(fake.calls - before).toBe(1);
  });

  it('reports a stalled model as provider_timeout within the deadline', async () => {
    fake.stall();
    // An attempt alone would wait ten minutes: only the overall deadline ends this before the test's
    // own timeout does.
    const code = await failureCode(
      engineWith({ ...FAST_RETRY, attemptTimeoutMs: 600_000, overallTimeoutMs: 400 }).describe(image),
    );
    expect(code).toBe('provider_timeout');
  });

  it('reports output that breaks the schema as provider_error', async () => {
    fake.setReply(() => 'this is not JSON');
    expect(await failureCode(engineWith().describe(image))).toBe('provider_error');
    fake.setReply(() => JSON.stringify({ altText: 42 }));
    expect(await failureCode(engineWith().describe(image))).toBe('provider_error');
  });

  it('sanitises quotes, HTML and markdown out of the model output', async () => {
    fake.setReply(() => ({ altText: '"<b>Image of</b> a **red** car by the <i>lake</i>"' }));
    const result = await engineWith().describe(image);
    expect(result.altText).toBe('Image of a red car by the lake');
    expect(result.issues.map((issue) => issue.id)).toEqual(['redundant-prefix']);
  });

  it('truncates runaway output at twice maxLength and lets the checker flag it', async () => {
    fake.setReply(() => ({ altText: 'A very long description '.repeat(20) }));
    const result = await engineWith().describe(image, { maxLength: 50 });
    expect(result.altText.length).toBeLessThanOrEqual(100);
    expect(result.issues).toContainEqual(expect.objectContaining({ id: 'too-long', severity: 'warning' }));
  });

  it('passes visible text and a long description through, and empties a decorative alt', async () => {
    fake.setReply(() => ({
      altText: 'Bar chart of monthly sales, peaking in July',
      containsText: true,
      textInImage: 'Sales 2024',
      longDescription: 'January 10\nJuly 80',
    }));
    const chart = await engineWith().describe(image);
    expect(chart).toMatchObject({
      containsText: true,
      textInImage: 'Sales 2024',
      longDescription: 'January 10\nJuly 80',
    });

    fake.setReply(() => ({ altText: 'Decorative swirl', isDecorative: true }));
    const decorative = await engineWith().describe(image);
    expect(decorative).toMatchObject({ altText: '', isDecorative: true, wcagCompliant: true });
  });
});
