import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { landscapePhotoJpeg, redSquarePng } from '../test/image-fixtures';
import { createAltTextEngine } from './alt-text-engine';
import { cacheKey } from './cache-key';

// Verified alt text (issue 36): several readings in parallel, compared claim by claim.

let fake: FakeVisionServer;
beforeAll(async () => {
  fake = await startFakeVisionServer();
});
afterAll(() => fake.close());

const modelEngine = () =>
  createAltTextEngine({
    provider: { provider: 'openai-compatible', openaiBaseUrl: fake.url, model: 'fake-vision-1' },
    providerDependencies: { retry: { maxAttempts: 1 } },
    ocr: false,
  });

/** The reading a call gets by its seed (absent on reading 0), so arrival order does not matter. */
const bySeed = (texts: string[]) => (request: { body: { seed?: number } }) => ({ altText: texts[request.body.seed ?? 0]! });

describe('verify', () => {
  it('reads the image `samples` times at once, varied in sampling only, and counts every reading’s tokens', async () => {
    fake.reset();
    fake.setReply(bySeed(['Two red apples on a table.', 'Three red apples on a table.', 'Two orange apples on a table.']));
    fake.hold();
    const before = fake.calls;
    const pending = modelEngine().describe({ bytes: await redSquarePng() }, { samples: 3 });
    await expect.poll(() => fake.calls - before).toBe(3);
    fake.release();
    const result = await pending;
    const bodies = fake.requests.slice(before).map((request) => request.body);
    // The same prompt for each; temperatures rise and seeds differ after the first reading.
    expect(new Set(bodies.map((body) => JSON.stringify(body.messages))).size).toBe(1);
    expect(bodies.map((body) => body.seed ?? 0).sort()).toEqual([0, 1, 2]);
    expect(new Set(bodies.map((body) => body.temperature)).size).toBe(3);
    expect(result).toMatchObject({
      altText: 'Two red apples on a table.',
      verification: 'model',
      wcagCompliant: false,
      samples: 3,
      usage: { inputTokens: 300, outputTokens: 60 },
      uncertain: [
        { kind: 'count', readings: [{ value: '2', count: 2 }, { value: '3', count: 1 }] },
        { kind: 'colour', readings: [{ value: 'red', count: 2 }, { value: 'orange', count: 1 }] },
      ],
    });
    expect(result.issues.find((issue) => issue.id === 'readings-disagree')?.message).toContain('2 of 3 readings say red, 1 says orange');
  });

  it('three agreeing readings: nothing uncertain, compliant, agreement 1', async () => {
    fake.reset();
    fake.setReply(bySeed(['Two dogs running on a beach.', '2 dogs running on the beach.', 'Two dogs run on a beach.']));
    const result = await modelEngine().describe({ bytes: await redSquarePng() }, { samples: 3 });
    expect(result).toMatchObject({ wcagCompliant: true, uncertain: [], agreement: 1, samples: 3 });
  });

  it('without a vision model: the offline draft, read once, with a note (no error)', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });
    const result = await engine.describe({ bytes: await landscapePhotoJpeg() }, { samples: 3 });
    expect(result.verification).toBe('draft');
    expect(result.uncertain).toBeUndefined();
    expect(result.issues.map((issue) => issue.id)).toContain('verification-needs-model');
  });
});

describe('verify over batch answers (economy jobs) and several providers', () => {
  it('finishReadings combines batch answers as a live verify does: majority alt, uncertain, every reading’s tokens, OCR a witness', () => {
    const usage = { inputTokens: 640, outputTokens: 40, cachedInputTokens: 0 };
    const answers = ['Sign reading "Open 9 to 5"', 'Sign reading "Open 5"', 'Sign reading "Open 5"'].map((altText) => ({ answer: { altText, isDecorative: false, containsText: true, textInImage: '', longDescription: '', keywordsShown: [] }, usage }));
    const result = modelEngine().finishReadings(answers, { samples: 3 }, 'OPEN 9 to 5');
    expect(result).toMatchObject({ samples: 3, wcagCompliant: false, verification: 'model', usage: { inputTokens: 1920, outputTokens: 120 } });
    // OCR sides with the one reading: 2 against 2, so the text is uncertain whichever is chosen.
    expect(result.uncertain).toEqual([{ kind: 'text', readings: expect.arrayContaining([{ value: 'Open 9 to 5', count: 2 }, { value: 'Open 5', count: 2 }]) }]);
    expect(result.issues.map((issue) => issue.id)).toContain('readings-disagree');
  });

  it('keys a verified answer by its readers: a second provider does not return the main provider’s cached readings', () => {
    const input = { sha256: 'ab'.repeat(32), provider: 'openai', model: 'gpt-4o-mini', samples: 3 };
    expect(cacheKey({ ...input, readers: ['openai/gpt-4o-mini', 'ollama/llava'] })).not.toBe(cacheKey(input));
    // Unverified answers are read by the main provider alone: their key does not change.
    const { samples: _samples, ...plain } = input;
    expect(cacheKey({ ...plain, readers: ['openai/gpt-4o-mini', 'ollama/llava'] })).toBe(cacheKey(plain));
  });
});
