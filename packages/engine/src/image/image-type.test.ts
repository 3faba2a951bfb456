import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type';

const encode = (format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff') =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer();

function ftyp(major: string, ...compatible: string[]): Buffer {
  const brands = Buffer.from([major, '\0\0\0\0', ...compatible].join(''), 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), brands, Buffer.alloc(16)]);
}

describe('sniffImageType', () => {
  it.each(['jpeg', 'png', 'gif', 'webp', 'avif'] as const)(
    'recognises %s by its magic bytes',
    async (format) => {
      expect(sniffImageType(await encode(format))).toBe(format);
    },
  );

  it('refuses TIFF even though sharp could read it', async () => {
    expect(sniffImageType(await encode('tiff'))).toBeUndefined();
  });

  it('refuses a text file whatever it claims to be', () => {
    expect(sniffImageType(Buffer.from('<html><body>not an image</body></html>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined();
  });

  it('tells AVIF from HEIC inside the same container', () => {
    expect(sniffImageType(ftyp('avif', 'mif1'))).toBe('avif');
    expect(sniffImageType(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImageType(ftyp('heic', 'mif1'))).toBeUndefined();
  });

  it('refuses truncated signatures and empty input', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'))).toBeUndefined();
  });
});
