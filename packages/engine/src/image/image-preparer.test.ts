import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { largeJpeg, redSquarePng, xmpPacket } from '../../test/image-fixtures';
import { prepareImage } from './image-preparer';

describe('prepareImage', () => {
  it('downscales the long edge to the provider maximum and re-encodes as JPEG', async () => {
    const prepared = await prepareImage(await largeJpeg(3000, 2000));
    expect(prepared).toMatchObject({ mediaType: 'image/jpeg', width: 1024, height: 683 });
    const metadata = await sharp(prepared.bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(Math.max(metadata.width!, metadata.height!)).toBe(1024);
  });

  it('uses a smaller edge for pixel-billed providers and WebP when asked', async () => {
    const prepared = await prepareImage(await largeJpeg(1000, 3000), {
      maxEdge: 768,
      format: 'webp',
      quality: 80,
    });
    expect(prepared).toMatchObject({ mediaType: 'image/webp', width: 256, height: 768 });
  });

  it('never upscales a small image', async () => {
    const prepared = await prepareImage(await redSquarePng());
    expect(prepared).toMatchObject({ width: 64, height: 64 });
  });

  it('drops embedded metadata from what it sends', async () => {
    const withXmp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .withXmp(xmpPacket({ altText: 'secret author note' }))
      .toBuffer();
    const prepared = await prepareImage(withXmp);
    expect((await sharp(prepared.bytes).metadata()).xmp).toBeUndefined();
  });
});
