import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isEngineError } from '../errors/engine-error';
import { MAX_INPUT_PIXELS, readImageHeader } from '../image/image-decoder';
import type { ImageType } from '../image/image-type';
import { MIME_TYPES, sniffImageType } from '../image/image-type';
import type { ExiftoolOptions } from './exiftool';
import { MetadataWriterError, runExiftool } from './exiftool';

/** The formats whose XMP exiftool writes without touching the pixels. */
const WRITABLE: Partial<Record<ImageType, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** One language alternative: IPTC's fields are XMP lang-alt, one value per language. */
export interface AccessibilityText {
  /** BCP-47, as the alt text was written in. */
  language: string;
  altText?: string;
  longDescription?: string;
}

export interface WrittenImage {
  bytes: Buffer;
  mimeType: string;
}

/**
 * Whether `bytes` can take the fields: the type by its first bytes (a file name or extension that
 * says otherwise is ignored), then the size from the header alone, so a 200-megapixel image is
 * refused before anything decodes it. Answers the sniffed type.
 */
export async function requireWritableImage(bytes: Buffer, maxPixels = MAX_INPUT_PIXELS): Promise<ImageType> {
  const type = sniffImageType(bytes);
  if (!type || !WRITABLE[type]) throw new MetadataWriterError('unsupported_type', 'Alt text can be written into JPEG, PNG and WebP files only');
  try {
    await readImageHeader(bytes, maxPixels, type);
  } catch (error) {
    if (isEngineError(error, 'too_many_pixels')) throw new MetadataWriterError('too_many_pixels', error.message, { cause: error });
    throw new MetadataWriterError('undecodable', 'The image could not be read', { cause: error });
  }
  return type;
}

/** exiftool's assignments: the first language is also the x-default every reader falls back to. */
function assignments(texts: readonly AccessibilityText[]): string[] {
  const args: string[] = [];
  texts.forEach((text, index) => {
    for (const [tag, value] of [['AltTextAccessibility', text.altText], ['ExtDescrAccessibility', text.longDescription]] as const) {
      // An empty value would delete the field in exiftool's syntax: nothing is written instead.
      if (!value?.trim()) continue;
      if (index === 0) args.push(`-XMP-iptcCore:${tag}=${value}`);
      args.push(`-XMP-iptcCore:${tag}-${text.language}=${value}`);
    }
  });
  return args;
}

/**
 * The same image with IPTC Photo Metadata 2021.1's `Alt Text (Accessibility)` and `Extended
 * Description (Accessibility)` (XMP Iptc4xmpCore:AltTextAccessibility / ExtDescrAccessibility)
 * written by exiftool, which rewrites the metadata segments only: the compressed pixel data is
 * copied, never re-encoded, and every other field (EXIF, IPTC, other XMP) is kept.
 *
 * On a private temporary copy, edited in place (exiftool 12's `-o` cannot write WebP), removed after.
 */
export async function writeAccessibilityMetadata(
  bytes: Buffer,
  texts: readonly AccessibilityText[],
  options: ExiftoolOptions & { maxPixels?: number } = {},
): Promise<WrittenImage> {
  const type = await requireWritableImage(bytes, options.maxPixels);
  const args = assignments(texts);
  if (args.length === 0) return { bytes, mimeType: MIME_TYPES[type] };
  const dir = await mkdtemp(join(tmpdir(), 'altwise-xmp-'));
  try {
    const file = join(dir, `image.${WRITABLE[type]}`);
    await writeFile(file, bytes, { mode: 0o600 });
    await runExiftool(['-overwrite_original', '-charset', 'utf8', ...args, '--', file], options);
    const written = await readFile(file);
    if (sniffImageType(written) !== type) throw new MetadataWriterError('undecodable', 'exiftool could not write this image');
    return { bytes: written, mimeType: MIME_TYPES[type] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
