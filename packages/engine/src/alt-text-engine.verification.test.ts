import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingStore } from '@altwise/test-support/counting-store';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { landscapePhotoJpeg, redSquarePng, transparentSpacerGif } from '../test/image-fixtures';
import { createAltTextEngine } from './alt-text-engine';
import { cacheKey } from './cache-key';
import type { AltTextDescription } from './description';
import { OFFLINE_MODEL } from './providers/offline.provider';

// Who stands behind a result (issue 19): without a vision model it is a draft, never "compliant".

let fake: FakeVisionServer;
beforeAll(async () => {
  fake = await startFakeVisionServer();
});
afterAll(() => fake.close());

const modelEngine = (cache = countingStore<AltTextDescription>()) =>
  createAltTextEngine({
    provider: { provider: 'openai-compatible', openaiBaseUrl: fake.url, model: 'fake-vision-1' },
    providerDependencies: { retry: { maxAttempts: 1 } },
    ocr: false,
    cache,
  });

describe('verification', () => {
  it('calls an offline description a draft: not WCAG compliant, reason no_vision_model', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });
    const result = await engine.describe({ bytes: await landscapePhotoJpeg() });
    expect(result).toMatchObject({
      altText: 'Landscape photograph in mostly blue and green tones',
      verification: 'draft',
      verificationReason: 'no_vision_model',
      wcagCompliant: false,
    });
  });

  it('calls even an offline decorative spacer a draft', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });
    const result = await engine.describe({ bytes: await transparentSpacerGif() });
    expect(result).toMatchObject({ isDecorative: true, verification: 'draft', wcagCompliant: false });
  });

  it('calls a vision model’s answer "model", compliant when no error remains', async () => {
    fake.setReply(() => ({ altText: 'Red ceramic tile on a white table' }));
    const result = await modelEngine().describe({ bytes: await redSquarePng() });
    expect(result).toMatchObject({
      altText: 'Red ceramic tile on a white table',
      verification: 'model',
      wcagCompliant: true,
      provider: 'openai-compatible',
    });
    expect(result.verificationReason).toBeUndefined();
  });

  it('keeps a model answer with an error-level issue non-compliant', async () => {
    fake.setReply(() => ({ altText: 'IMG_0042.CR2' }));
    const result = await modelEngine().describe({ bytes: await redSquarePng() });
    expect(result).toMatchObject({ verification: 'model', wcagCompliant: false });
  });

  it('reads an old cache entry without the field: offline ⇒ draft (never compliant), a model ⇒ model', async () => {
    const bytes = await redSquarePng();
    const old = {
      altText: 'Square graphic in red',
      isDecorative: false,
      containsText: false,
      wcagCompliant: true,
      issues: [],
      tries: 1,
    };
    const offlineCache = countingStore<AltTextDescription>();
    const offline = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false, cache: offlineCache });
    offlineCache.entries.set(
      cacheKey({ bytes, provider: 'offline', model: OFFLINE_MODEL }),
      { ...old, provider: 'offline', model: OFFLINE_MODEL } as unknown as AltTextDescription,
    );
    expect(await offline.describe({ bytes })).toMatchObject({
      cached: true,
      verification: 'draft',
      verificationReason: 'no_vision_model',
      wcagCompliant: false,
    });

    const modelCache = countingStore<AltTextDescription>();
    modelCache.entries.set(
      cacheKey({ bytes, provider: 'openai-compatible', model: 'fake-vision-1' }),
      { ...old, provider: 'openai-compatible', model: 'fake-vision-1' } as unknown as AltTextDescription,
    );
    const hit = await modelEngine(modelCache).describe({ bytes });
    expect(hit).toMatchObject({ cached: true, verification: 'model', wcagCompliant: true });
  });
});

describe('model output reaching the alt text', () => {
  it('never carries an internal label, an echoed instruction or a URL', async () => {
    fake.setReply(() => ({
      altText:
        'This image is the only content of a link to http://shop.example/pricing: describe, Section heading: Pricing plans',
      longDescription: 'Caption: Three plans side by side, see https://shop.example/pricing for details',
    }));
    const result = await modelEngine().describe({ bytes: await redSquarePng() });
    expect(result.altText).toBe('Pricing plans');
    expect(result.longDescription).toBe('Three plans side by side, see for details');
    fake.setReply(() => ({ altText: 'Caption: Staff photo at the summer party' }));
    const second = await modelEngine().describe({ bytes: await landscapePhotoJpeg() });
    expect(second.altText).toBe('Staff photo at the summer party');
  });
});
