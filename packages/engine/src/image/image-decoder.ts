import sharp from 'sharp';
import { EngineError } from '../errors/engine-error';
import type { ImageType } from './image-type';
import { MIME_TYPES, sniffImageType } from './image-type';

export const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageFacts {
  readonly type: ImageType;
  readonly mimeType: string;
  /** Display size, after EXIF orientation. */
  readonly width: number;
  readonly height: number;
  readonly animated: boolean;
  readonly hasAlpha: boolean;
}

// libvips class names of the buffer loaders we accept. Everything else (SVG, PDF, TIFF,
// magick, FITS, ...) is blocked process-wide, a second wall behind the magic-byte gate.
const ALLOWED_LOADERS = [
  'VipsForeignLoadJpegBuffer',
  'VipsForeignLoadPngBuffer',
  'VipsForeignLoadNsgifBuffer',
  'VipsForeignLoadWebpBuffer',
  'VipsForeignLoadHeifBuffer',
];
let loadersRestricted = false;

/** Restricts sharp to our loaders. Process-wide by nature of libvips; idempotent. */
export function restrictImageLoaders(): void {
  if (loadersRestricted) return;
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({ operation: ALLOWED_LOADERS });
  loadersRestricted = true;
}

/** Options every decode in the engine uses: one frame, a pixel ceiling, lenient on warnings. */
export function decodeOptions(maxPixels = MAX_INPUT_PIXELS): sharp.SharpOptions {
  return { limitInputPixels: maxPixels, pages: 1, failOn: 'error', autoOrient: true };
}

/** The facts and the raw header of an image whose pixels have not been decoded yet. */
export interface ImageHeader {
  readonly facts: ImageFacts;
  /** sharp's header read, with the EXIF/XMP/IPTC blocks the metadata reader parses. */
  readonly metadata: sharp.Metadata;
}

/** Type by magic bytes. The server's Content-Type and the file name are never trusted. */
export function requireImageType(bytes: Buffer): ImageType {
  const type = sniffImageType(bytes);
  if (!type) {
    throw new EngineError('unsupported_type', 'Unsupported image type: use JPEG, PNG, GIF, WebP or AVIF');
  }
  return type;
}

/**
 * Type by magic bytes (unless the caller already sniffed it, as readImage does), then size from
 * the header alone (no pixel decoding), so a decompression bomb is refused before any memory is
 * spent on it. Decodability is proven by the one real decode that follows (prepareImage), not by
 * a second, throw-away decode here.
 */
export async function readImageHeader(
  bytes: Buffer,
  maxPixels = MAX_INPUT_PIXELS,
  type: ImageType = requireImageType(bytes),
): Promise<ImageHeader> {
  restrictImageLoaders();

  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw new EngineError('undecodable', 'The image could not be decoded', { cause: error });
  }
  const { width, height } = metadata;
  if (!width || !height) throw new EngineError('undecodable', 'The image could not be decoded');
  if (width * height > maxPixels) {
    throw new EngineError('too_many_pixels', `The image has more than ${maxPixels} pixels`);
  }

  const oriented = metadata.autoOrient ?? { width, height };
  const facts: ImageFacts = {
    type,
    mimeType: MIME_TYPES[type],
    width: oriented.width,
    height: oriented.height,
    animated: (metadata.pages ?? 1) > 1,
    hasAlpha: Boolean(metadata.hasAlpha),
  };
  return { facts, metadata };
}
