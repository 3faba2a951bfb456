// Images for the IPTC/XMP tests (embed: "iptc", a job's images.zip), read back with exiftool itself.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

/** Every tag exiftool reads in `bytes`, by group:name (XMP-iptcCore:AltTextAccessibility-fr). */
export function exiftoolTags(bytes: Buffer): Record<string, unknown> {
  const out = execFileSync('exiftool', ['-config', '', '-j', '-G1', '-'], { input: bytes, encoding: 'utf8' });
  return (JSON.parse(out) as Array<Record<string, unknown>>)[0]!;
}

/** The decoded pixels' hash: equal when no pixel was re-encoded. */
export async function pixelHash(bytes: Buffer): Promise<string> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return createHash('sha256').update(data).update(`${info.width}x${info.height}x${info.channels}`).digest('hex');
}

let shade = 0;
/** A photo-like JPEG (noise, so compression has something to lose) that a camera already tagged. */
export async function cameraJpeg(format: 'jpeg' | 'webp' = 'jpeg'): Promise<Buffer> {
  shade += 1;
  const width = 80;
  const height = 60;
  const pixels = Buffer.alloc(width * height * 3, 0).map((_, index) => (index * 7919 + shade * 31) % 251);
  const tagged = sharp(pixels, { raw: { width, height, channels: 3 } }).withExif({ IFD0: { Make: 'Altwise Test Camera', Artist: 'Jane Roe' } });
  return tagged[format]({ quality: 80 }).toBuffer();
}
