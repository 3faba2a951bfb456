import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { largeJpeg, redSquarePng, xmpPacket } from '../test/image-fixtures';
import { createAltTextEngine } from './alt-text-engine';
import { EngineError } from './errors/engine-error';
import type { VisionInput, VisionProvider } from './providers/vision-provider';

/** An in-memory provider that records what the engine hands it. */
function recordingProvider(answer: Partial<Awaited<ReturnType<VisionProvider['describe']>>> = {}) {
  const inputs: VisionInput[] = [];
  const provider: VisionProvider = {
    name: 'openai-compatible',
    model: 'recorder-1',
    preparation: { maxEdge: 300, format: 'webp', quality: 70 },
    async describe(input) {
      inputs.push(input);
      return {
        altText: 'A calm blue sea under a clear sky',
        isDecorative: false,
        containsText: false,
        ...answer,
      };
    },
  };
  return { provider, inputs };
}

let host: ImageHost;
beforeAll(async () => {
  host = await startImageHost({
    '/sea.jpg': { body: await largeJpeg(1200, 800), contentType: 'image/jpeg' },
  });
});
afterAll(() => host.close());

describe('createAltTextEngine', () => {
  it("prepares the image the provider's way and passes facts, options and metadata", async () => {
    const { provider, inputs } = recordingProvider();
    const engine = createAltTextEngine({ provider, fetch: { allow: [host.hostPort] } });
    await engine.describe({ url: `${host.url}/sea.jpg` }, { context: '  Our beach hut  ', language: 'fr' });
    const input = inputs[0]!;
    expect(input).toMatchObject({
      context: 'Our beach hut',
      language: 'fr',
      maxLength: 125,
      fileName: 'sea.jpg',
      original: { type: 'jpeg', width: 1200, height: 800 },
      image: { mediaType: 'image/webp', width: 300, height: 200 },
    });
    expect((await sharp(input.image.bytes).metadata()).format).toBe('webp');
    expect(JSON.stringify({ ...input, image: null })).not.toContain(host.url);
  });

  it('refuses a URL on a private address when the host is not allow-listed', async () => {
    const engine = createAltTextEngine({ provider: recordingProvider().provider });
    await expect(engine.describe({ url: `${host.url}/sea.jpg` })).rejects.toSatisfy(
      (error) => error instanceof EngineError && error.code === 'url_not_allowed',
    );
  });

  it('forces an empty alt when the provider calls the image decorative', async () => {
    const engine = createAltTextEngine({
      provider: recordingProvider({ isDecorative: true, altText: 'A swirl' }).provider,
    });
    const result = await engine.describe({ bytes: await redSquarePng() });
    expect(result).toMatchObject({ altText: '', isDecorative: true, wcagCompliant: true, issues: [] });
  });

  it('reports an empty alt from a provider as non-compliant', async () => {
    const engine = createAltTextEngine({ provider: recordingProvider({ altText: '  ' }).provider });
    const result = await engine.describe({ bytes: await redSquarePng() });
    expect(result).toMatchObject({ altText: '', wcagCompliant: false });
    expect(result.issues.map((issue) => issue.id)).toEqual(['empty']);
  });

  it('sanitises embedded metadata the offline describer offers as a suggestion', async () => {
    const bytes = await sharp(await redSquarePng())
      .jpeg()
      .withXmp(xmpPacket({ altText: '&lt;script&gt;x&lt;/script&gt;&lt;b&gt;Company logo&lt;/b&gt; https://evil.example' }))
      .toBuffer();
    const engine = createAltTextEngine({ provider: { provider: 'offline' } });
    const result = await engine.describe({ bytes });
    expect(result.altText).toBe('Square graphic in red');
    expect(result.issues).toContainEqual({
      id: 'embedded-description-hint',
      severity: 'info',
      message: 'Embedded description suggests: Company logo',
    });
  });

  it('passes the image purpose to the provider, normalised', async () => {
    const { provider, inputs } = recordingProvider({ altText: 'Pricing' });
    const engine = createAltTextEngine({ provider, ocr: false });
    await engine.describe({ bytes: await redSquarePng() }, { purpose: { kind: 'link', href: ' /pricing ', label: '  ' } });
    expect(inputs[0]?.purpose).toEqual({ kind: 'link', href: '/pricing' });
  });

  it('warns that the offline describer writes English only', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' } });
    const result = await engine.describe({ bytes: await redSquarePng() }, {
      language: 'de',
    });
    expect(result.issues.map((issue) => issue.id)).toEqual(['no-vision-model', 'language-not-supported']);
  });

  it('stops when the caller aborts', async () => {
    const engine = createAltTextEngine({ provider: { provider: 'offline' } });
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(engine.describe({ bytes: await redSquarePng() }, {}, { signal: controller.signal })).rejects.toThrow('gone');
  });
});
