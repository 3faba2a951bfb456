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
    // A file name is a hint, never a fact: it is offered as a suggestion (below), not written.
    ['a descriptively named file', fixtures.redSquarePng, 'red-sports-car_1024x768.png', 'Square graphic in red'],
  ] as const)('describes %s', async (_name, make, fileName, expected) => {
    const result = await offlineAlt(await make(), fileName);
    expect(result.altText).toBe(expected);
    expect(result).toMatchObject({
      isDecorative: false,
      provider: 'offline',
      model: 'offline-describer-1',
      verification: 'draft',
      wcagCompliant: false,
    });
  });

  it('gives a 1x1 transparent GIF spacer an empty alt and marks it decorative', async () => {
    const result = await offlineAlt(await fixtures.transparentSpacerGif());
    expect(result).toMatchObject({ altText: '', isDecorative: true, wcagCompliant: false, verification: 'draft' });
  });

  it('treats a fully transparent image and a 3-pixel rule as decorative', async () => {
    expect((await offlineAlt(await fixtures.fullyTransparentPng())).isDecorative).toBe(true);
    const rule = await sharp({ create: { width: 600, height: 3, channels: 3, background: '#ccc' } })
      .png()
      .toBuffer();
    expect((await offlineAlt(rule)).isDecorative).toBe(true);
  });

  it('offers the embedded IPTC alt text and extended description as suggestions, never as the alt', async () => {
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
    expect(result.altText).toBe('Landscape photograph in mostly blue and green tones');
    expect(result.longDescription).toBeUndefined();
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { id: 'embedded-description-hint', severity: 'info', message: 'Embedded description suggests: Two hikers on a ridge at sunset' },
        { id: 'embedded-description-hint', severity: 'info', message: 'Embedded long description suggests: A longer account.' },
        { id: 'file-name-hint', severity: 'info', message: 'File name suggests: Red sports car' },
      ]),
    );
  });

  it('never writes the context into the alt: without a model it cannot tell what the context says about the pixels', async () => {
    const result = await offlineAlt(
      await fixtures.landscapePhotoJpeg(),
      undefined,
      'Product page for a waterproof hiking boot',
    );
    expect(result.altText).toBe('Landscape photograph in mostly blue and green tones');
  });

  it('writes no label, instruction or URL from an audit-style context', async () => {
    const context = [
      'This image is the only content of a link to http://shop.example/pricing: describe its action or destination, not its looks.',
      'Caption: Our plans',
      'Section heading: Pricing',
    ].join('\n');
    const result = await offlineAlt(await fixtures.redSquarePng(), undefined, context);
    expect(result.altText).toBe('Square graphic in red');
  });

  it('offers a file name only as a suggestion to confirm: an orange blob named golden-retriever-puppy.jpg', async () => {
    const blob = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2e8b3a' } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 150, channels: 3, background: '#f08a1c' } }).png().toBuffer(),
          left: 100,
          top: 75,
        },
      ])
      .jpeg()
      .toBuffer();
    const result = await offlineAlt(blob, 'golden-retriever-puppy.jpg');
    expect(result.altText).not.toMatch(/retriever|puppy/i);
    expect(result.altText).toMatch(/^Landscape graphic in /);
    expect(result.issues).toContainEqual({
      id: 'file-name-hint',
      severity: 'info',
      message: 'File name suggests: Golden retriever puppy',
    });
  });

  it('always carries the no-vision-model warning', async () => {
    const result = await offlineAlt(await fixtures.redSquarePng());
    expect(result.issues).toContainEqual(
      expect.objectContaining({ id: 'no-vision-model', severity: 'warning' }),
    );
    expect(result).toMatchObject({ wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model' });
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

  it('says only what it measured, whatever the embedded description and the file name claim', () => {
    const result = describeOffline({
      original,
      pixels,
      metadata: { altText: 'Fishing boats in the harbour' },
      maxLength: 125,
      fileName: 'harbour-dawn.jpg',
    });
    expect(result.altText).toBe('Panoramic photograph in mostly blue tones');
    expect(result.notes?.map((note) => note.message)).toEqual([
      'Embedded description suggests: Fishing boats in the harbour',
      'File name suggests: Harbour dawn',
    ]);
  });

  it('names a link image by its destination’s own words and says nothing about its pixels', () => {
    const link = (purpose: { href?: string; label?: string }) =>
      describeOffline({ original, pixels, metadata: {}, maxLength: 125, purpose: { kind: 'link', ...purpose } }).altText;
    expect(link({ href: '/pricing' })).toBe('Pricing');
    expect(link({ href: '/pricing', label: 'See our plans' })).toBe('See our plans');
    expect(link({ href: 'https://shop.example/products/hiking-boots.html?ref=nav' })).toBe('Hiking boots');
    expect(link({ href: 'https://www.altwise.example/' })).toBe('Altwise');
    expect(link({ href: '/' })).toBe('Home');
    const button = describeOffline({
      original,
      pixels,
      metadata: {},
      maxLength: 125,
      purpose: { kind: 'button', label: 'Close menu' },
      fileName: 'x-icon-blue.png',
    });
    expect(button.altText).toBe('Close menu');
    expect(button.notes?.map((note) => note.id)).toContain('purpose-hint');
  });

  it('names a link image by the text it shows when the link has no words of its own', () => {
    const result = describeOffline({
      original,
      pixels,
      metadata: {},
      maxLength: 125,
      purpose: { kind: 'link' },
      textFound: { text: 'Altwise', gapped: 'Altwise', uncertain: [] },
    });
    expect(result.altText).toBe('Altwise');
  });

  it('gives a web address read in the image by its site name, in the alt and the long description, and says where the address is', () => {
    const text = 'Riverfest 2026, three days of music on the quay\nTickets at https://www.riverfest.org/tickets/2026';
    const result = describeOffline({
      original,
      pixels: { ...pixels, photographic: false },
      metadata: {},
      maxLength: 60,
      textFound: { text, gapped: text, uncertain: [] },
    });
    expect(result.textInImage).toBe(text);
    expect(result.longDescription).toBe('Riverfest 2026, three days of music on the quay\nTickets at riverfest.org');
    expect(result.notes).toContainEqual(expect.objectContaining({ id: 'url-in-text', message: expect.stringContaining('"riverfest.org"') }));
    // A link whose image shows only an address is named after the site.
    const link = describeOffline({ original, pixels, metadata: {}, maxLength: 125, purpose: { kind: 'link' }, textFound: { text: 'www.riverfest.org', gapped: 'www.riverfest.org', uncertain: [] } });
    expect(link.altText).toBe('riverfest.org');
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
