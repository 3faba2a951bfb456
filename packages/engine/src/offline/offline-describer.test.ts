import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../test/image-fixtures';
import { createAltTextEngine } from '../alt-text-engine';
import type { PixelAnalysis } from './pixel-analysis';
import { describeOffline } from './offline-describer';

// Pixel statistics pinned here; OCR has its own tests (ocr/*.test.ts, alt-text-engine.ocr.test.ts).
const engine = createAltTextEngine({ provider: { provider: 'offline' }, ocr: false });

async function offlineAlt(bytes: Buffer, fileName?: string, context?: string) {
  return engine.describe({ bytes, fileName }, { context });
}

describe('the offline describer on the fixture set (pinned output)', () => {
  it.each([
    ['a red square PNG', fixtures.redSquarePng, undefined, 'Square graphic in red'],
    [
      'a greyscale photo-like JPEG',
      () => fixtures.greyNoiseJpeg(),
      undefined,
      'Landscape black-and-white photograph',
    ],
    [
      'a blue and green landscape JPEG',
      () => fixtures.landscapePhotoJpeg(),
      undefined,
      'Landscape photograph in mostly blue and green tones',
    ],
    [
      'a wide banner with few colours',
      fixtures.bannerPng,
      undefined,
      'Wide banner graphic in blue and white',
    ],
    ['an animated GIF', fixtures.animatedGif, undefined, 'Animated square graphic in red'],
    [
      'a camera-named file',
      () => fixtures.landscapePhotoJpeg(),
      'IMG_1234-final-copy.jpg',
      'Landscape photograph in mostly blue and green tones',
    ],
    [
      'a descriptively named file',
      fixtures.redSquarePng,
      'red-sports-car_1024x768.png',
      'Red sports car, square graphic in red',
    ],
  ] as const)('describes %s', async (_name, make, fileName, expected) => {
    const result = await offlineAlt(await make(), fileName);
    expect(result.altText).toBe(expected);
    expect(result).toMatchObject({ isDecorative: false, provider: 'offline', model: 'offline-describer-1' });
  });

  it('gives a 1x1 transparent GIF spacer an empty alt and marks it decorative', async () => {
    const result = await offlineAlt(await fixtures.transparentSpacerGif());
    expect(result).toMatchObject({ altText: '', isDecorative: true, wcagCompliant: true });
  });

  it('treats a fully transparent image and a 3-pixel rule as decorative', async () => {
    expect((await offlineAlt(await fixtures.fullyTransparentPng())).isDecorative).toBe(true);
    const rule = await sharp({ create: { width: 600, height: 3, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    expect((await offlineAlt(rule)).isDecorative).toBe(true);
  });

  it('prefers the embedded IPTC alt text and extended description', async () => {
    const bytes = await sharp(await fixtures.landscapePhotoJpeg())
      .jpeg()
      .withXmp(
        fixtures.xmpPacket({
          altText: 'Two hikers on a ridge at sunset',
          extendedDescription: 'A longer account.',
        }),
      )
      .toBuffer();
    const result = await offlineAlt(bytes, 'red-sports-car.png', 'Some page text.');
    expect(result).toMatchObject({
      altText: 'Two hikers on a ridge at sunset',
      longDescription: 'A longer account.',
    });
  });

  it('uses the first sentence of the context before the file name', async () => {
    const result = await offlineAlt(
      await fixtures.landscapePhotoJpeg(),
      'red-sports-car.png',
      'Our cottage by the lake. Book now!',
    );
    expect(result.altText).toBe(
      'Our cottage by the lake, landscape photograph in mostly blue and green tones',
    );
    expect(result.issues.map((issue) => issue.id)).not.toContain('copies-context');
  });

  it('always carries the no-vision-model warning', async () => {
    const result = await offlineAlt(await fixtures.redSquarePng());
    expect(result.issues).toContainEqual(
      expect.objectContaining({ id: 'no-vision-model', severity: 'warning' }),
    );
    expect(result.wcagCompliant).toBe(true);
  });

  it('is deterministic', async () => {
    const bytes = await fixtures.landscapePhotoJpeg();
    const first = await offlineAlt(bytes, 'lake.jpg');
    const second = await offlineAlt(Buffer.from(bytes), 'lake.jpg');
    expect(second).toEqual(first);
  });
});

describe('describeOffline', () => {
  const pixels: PixelAnalysis = {
    transparentShare: 0,
    fullyTransparent: false,
    greyscale: false,
    photographic: true,
    significantColours: 500,
    dominantColours: [{ name: 'blue', share: 0.6 }],
  };
  const original = { width: 900, height: 300, animated: false, hasAlpha: false };

  it('never names objects the pixels cannot show', () => {
    const result = describeOffline({ original, pixels, metadata: {}, maxLength: 125 });
    expect(result.altText).toBe('Panoramic photograph in mostly blue tones');
  });

  it('falls back to the subject alone when the combination is too long', () => {
    const result = describeOffline({
      original,
      pixels,
      metadata: {},
      maxLength: 40,
      context: 'Aerial view of the harbour at dawn with fishing boats',
    });
    expect(result.altText.length).toBeLessThanOrEqual(40);
    expect(result.altText).toBe('Aerial view of the harbour at dawn');
  });

  it('mentions a transparent background and many colours', () => {
    const result = describeOffline({
      original: { width: 200, height: 400, animated: false, hasAlpha: true },
      pixels: { ...pixels, photographic: false, dominantColours: [], transparentShare: 0.4 },
      metadata: {},
      maxLength: 125,
    });
    expect(result.altText).toBe('Portrait graphic in many colours on a transparent background');
  });
});
