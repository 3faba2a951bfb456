import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bombPng, landscapePhotoJpeg, transparentSpacerGif, withIptcCaption, xmpPacket } from '../../test/image-fixtures';
import { requireWritableImage, writeAccessibilityMetadata } from './accessibility-metadata';
import { exiftoolAvailable, isMetadataWriterError } from './exiftool';

/** What exiftool reads back: every tag, grouped, language alternatives as `Tag-lang`. */
function readBack(bytes: Buffer): Record<string, unknown> {
  const out = execFileSync('exiftool', ['-config', '', '-j', '-G1', '-a', '-'], { input: bytes, encoding: 'utf8' });
  return (JSON.parse(out) as Array<Record<string, unknown>>)[0]!;
}

/** The decoded pixels' hash: what a viewer shows, independent of the metadata around it. */
async function pixelHash(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return createHash('sha256').update(data).update(`${info.width}x${info.height}x${info.channels}`).digest('hex');
}

/** An image that another tool has already given EXIF and XMP (and, for JPEG, IPTC-IIM). */
async function tagged(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const photo = sharp(await landscapePhotoJpeg(96, 64))
    .withExif({ IFD0: { Artist: 'Jane Roe', Copyright: 'CC BY 4.0' } })
    .withXmp(xmpPacket({ description: 'Caption written by another tool' }));
  const bytes = await photo[format]().toBuffer();
  return format === 'jpeg' ? withIptcCaption(bytes, 'Legacy IIM caption') : bytes;
}

const texts = [
  { language: 'en', altText: 'Harbour at dusk, two fishing boats moored by the pier', longDescription: 'A wide view of a small harbour.' },
  { language: 'fr', altText: 'Port au crépuscule, deux bateaux de pêche amarrés', longDescription: 'Une vue large d’un petit port.' },
];

const exiftool = await exiftoolAvailable();

// CI installs exiftool (.ci/run): there a missing one fails instead of skipping.
describe.skipIf(!exiftool && !process.env.CI)('writeAccessibilityMetadata (exiftool)', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('%s: both fields in each language, identical pixels, other metadata kept', async (format) => {
    const input = await tagged(format);
    const { bytes, mimeType } = await writeAccessibilityMetadata(input, texts);

    expect(mimeType).toBe(`image/${format}`);
    const tags = readBack(bytes);
    expect(tags['XMP-iptcCore:AltTextAccessibility']).toBe(texts[0]!.altText);
    expect(tags['XMP-iptcCore:AltTextAccessibility-en']).toBe(texts[0]!.altText);
    expect(tags['XMP-iptcCore:AltTextAccessibility-fr']).toBe(texts[1]!.altText);
    expect(tags['XMP-iptcCore:ExtDescrAccessibility-en']).toBe(texts[0]!.longDescription);
    expect(tags['XMP-iptcCore:ExtDescrAccessibility-fr']).toBe(texts[1]!.longDescription);
    // What was there before is still there.
    expect(tags['IFD0:Artist']).toBe('Jane Roe');
    expect(tags['IFD0:Copyright']).toBe('CC BY 4.0');
    expect(tags['XMP-dc:Description']).toBe('Caption written by another tool');
    if (format === 'jpeg') expect(tags['IPTC:Caption-Abstract']).toBe('Legacy IIM caption');
    expect(await pixelHash(bytes)).toBe(await pixelHash(input));
    // Not re-encoded: the file grew by the metadata only.
    expect(Math.abs(bytes.length - input.length)).toBeLessThan(4096);
  });

  it('writes a value that looks like an option or a shell command as text', async () => {
    const hostile = '-TagsFromFile /etc/passwd $(touch /tmp/pwned) `id` "quoted"\nsecond line';
    const { bytes } = await writeAccessibilityMetadata(await tagged('png'), [{ language: 'en', altText: hostile }]);
    expect(readBack(bytes)['XMP-iptcCore:AltTextAccessibility']).toBe(hostile);
  });

  it('refuses by the bytes, not the name: a GIF, a text file, a truncated file, a 200-megapixel header', async () => {
    const refusal = (bytes: Buffer) => writeAccessibilityMetadata(bytes, texts).then(() => 'written', (error: unknown) => (isMetadataWriterError(error) ? error.code : String(error)));
    expect(await refusal(await transparentSpacerGif())).toBe('unsupported_type');
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('unsupported_type');
    expect(await refusal((await tagged('jpeg')).subarray(0, 40))).toBe('undecodable');
    // 20,000 x 10,000 in its header, a few hundred bytes in fact: refused before anything decodes it.
    expect(await refusal(bombPng(20_000, 10_000))).toBe('too_many_pixels');
    await expect(requireWritableImage(await tagged('webp'))).resolves.toBe('webp');
  });
});

describe('writeAccessibilityMetadata without exiftool', () => {
  it('says exiftool is missing, by name', async () => {
    const error = await writeAccessibilityMetadata(await tagged('png'), texts, { command: 'exiftool-not-installed-here' }).catch((caught: unknown) => caught);
    expect(isMetadataWriterError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toMatch(/needs exiftool/);
    expect(await exiftoolAvailable({ command: 'exiftool-not-installed-here' })).toBe(false);
  });
});
