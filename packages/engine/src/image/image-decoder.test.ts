import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animatedGif, bombPng, redSquarePng, transparentSpacerGif } from '../../test/image-fixtures';
import { readImageHeader, restrictImageLoaders } from './image-decoder';
import { failureCode } from '../../test/engine-errors';

const inspectImage = async (bytes: Buffer, maxPixels?: number) => (await readImageHeader(bytes, maxPixels)).facts;

describe('readImageHeader', () => {
  it('reports type, size, transparency and animation', async () => {
    expect(await inspectImage(await redSquarePng())).toEqual({
      type: 'png',
      mimeType: 'image/png',
      width: 64,
      height: 64,
      animated: false,
      hasAlpha: false,
    });
    const spacer = await inspectImage(await transparentSpacerGif());
    expect(spacer).toMatchObject({ type: 'gif', width: 1, height: 1, hasAlpha: true });
    expect(await inspectImage(await animatedGif())).toMatchObject({ animated: true, width: 32, height: 32 });
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    // The bomb carries 1 KB of pixel data for 10 gigapixels: decoding it would fail as truncated, so
    // too_many_pixels can only come from the header.
    expect(await failureCode(inspectImage(bombPng()))).toBe('too_many_pixels');
  });

  it('honours a lower pixel ceiling', async () => {
    expect(await failureCode(inspectImage(await redSquarePng(), 1_000))).toBe('too_many_pixels');
  });

  it('calls a file whose header cannot be read undecodable', async () => {
    const jpegHeaderOnly = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    expect(await failureCode(inspectImage(jpegHeaderOnly))).toBe('undecodable');
  });

  it('refuses unsupported types by magic bytes', async () => {
    expect(await failureCode(inspectImage(Buffer.from('just some text, served as image/png')))).toBe(
      'unsupported_type',
    );
  });

  it('keeps libvips from loading formats we do not accept, even if the gate were bypassed', async () => {
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    restrictImageLoaders();
    await expect(sharp(tiff).metadata()).rejects.toThrow(/unsupported image format/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>');
    await expect(sharp(svg).metadata()).rejects.toThrow(/unsupported image format/);
  });
});
