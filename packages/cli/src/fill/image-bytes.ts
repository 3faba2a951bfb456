// A local image is uploaded only when its first bytes say it is one of the formats the API reads:
// a text file named .png (a key, a password file) never leaves the machine. The server checks the
// same signatures again (packages/engine/src/image/image-type.ts); this check is the CLI's own,
// because what it must prevent is the upload itself.
import fs from 'node:fs';
import { isInside, realPathOf } from './folder-guard';

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((value, index) => bytes[index] === value);
const ascii = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');

export function looksLikeImage(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return true; // JPEG
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return true; // PNG
  if (['GIF87a', 'GIF89a'].includes(ascii(bytes, 0, 6))) return true;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return true;
  return ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].some((brand) => ascii(bytes, 8, 64).includes(brand)); // AVIF
}

export type LocalImage = { ok: true; bytes: Buffer } | { ok: false; refused: boolean; reason: string };

/** Reads a local image for upload, or says why it is not sent: outside the allowed folders, absent, or not an image. */
export function readLocalImage(file: string, folders: readonly string[], shownAs: string): LocalImage {
  if (!isInside(file, folders)) return { ok: false, refused: true, reason: 'refused: the image is outside the working folder' };
  const real = realPathOf(file);
  // Not a regular file (a FIFO, a device, a folder): reading it could block or mean nothing.
  if (!real || !fs.statSync(real).isFile()) return { ok: false, refused: false, reason: `image file not found: ${shownAs}` };
  const bytes = fs.readFileSync(real);
  if (!looksLikeImage(bytes)) return { ok: false, refused: true, reason: 'refused: not an image (its first bytes are not PNG, JPEG, GIF, WebP or AVIF)' };
  return { ok: true, bytes };
}
