import { EngineError } from '../errors/engine-error';
import type { FetchImageOptions } from '../fetch/image-fetcher';
import { DEFAULT_MAX_BYTES, fetchImage } from '../fetch/image-fetcher';
import type { EmbeddedDescriptions } from './embedded-metadata';
import { descriptionsFromBlocks } from './embedded-metadata';
import type { ImageFacts } from './image-decoder';
import { MAX_INPUT_PIXELS, readImageHeader, requireImageType } from './image-decoder';
import type { ImagePreparation, PreparedImage } from './image-preparer';
import { DEFAULT_PREPARATION, prepareImage } from './image-preparer';
import type { ImageType } from './image-type';
import { isSha256Hex, sha256Of } from './image-hash';

/** Bytes fetched or uploaded, capped, typed by magic bytes and hashed; no pixel decoded yet. */
export interface RawImage {
  /** The original bytes, exactly as fetched or uploaded (the cache key hashes these). */
  readonly bytes: Buffer;
  readonly sha256: string;
  /** From the magic bytes; the rest of the file is unchecked until it is loaded. */
  readonly type: ImageType;
  /** The uploaded file name, or the last path segment of the URL. A hint, never trusted. */
  readonly fileName?: string;
  /** The URL the bytes came from after redirects; kept for the caller, never sent to a model. */
  readonly sourceUrl?: string;
}

/**
 * An image URL, or uploaded bytes with the client's file name and, when the caller hashed them
 * already (the server does, for an Idempotency-Key's fingerprint), their `sha256` from `sha256Of`:
 * taken as is, so the bytes are hashed once. It is trusted: it keys the cache, so it must be the
 * hash of exactly these bytes.
 */
export type ImageSource = { readonly url: string } | { readonly bytes: Uint8Array; readonly fileName?: string; readonly sha256?: string };

export interface LoadedImage extends ImageFacts, RawImage {
  readonly metadata: EmbeddedDescriptions;
  /** The one decode of the image: downscaled and re-encoded the way `preparedFor` asks. */
  readonly prepared: PreparedImage;
  readonly preparedFor: ImagePreparation;
}

export interface LoadImageOptions extends Omit<FetchImageOptions, 'signal'> {
  readonly maxPixels?: number;
  /** How the provider wants its pixels (defaults to JPEG, 1024 px). */
  readonly preparation?: ImagePreparation;
}

function fileNameFromUrl(url: URL): string | undefined {
  const segment = url.pathname.split('/').filter(Boolean).pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The cheap half of loading: fetch (SSRF-guarded) or take the upload, apply the byte cap, refuse
 * an empty file or a non-image by its magic bytes, and hash. Enough to look up a cache entry;
 * nothing is decoded.
 */
export async function readImage(
  source: ImageSource,
  options: Omit<LoadImageOptions, 'preparation' | 'maxPixels'> = {},
  signal?: AbortSignal,
): Promise<RawImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let bytes: Buffer;
  let fileName: string | undefined;
  let sourceUrl: string | undefined;

  if ('url' in source) {
    const fetched = await fetchImage(source.url, { ...options, maxBytes, signal });
    bytes = fetched.bytes;
    sourceUrl = fetched.finalUrl.href;
    fileName = fileNameFromUrl(fetched.finalUrl);
  } else {
    bytes = Buffer.isBuffer(source.bytes) ? source.bytes : Buffer.from(source.bytes);
    fileName = source.fileName;
    if (bytes.length > maxBytes)
      throw new EngineError('too_large', `The image is larger than ${maxBytes} bytes`);
  }
  if (bytes.length === 0) throw new EngineError('undecodable', 'The image is empty');
  const type = requireImageType(bytes);
  const given = 'bytes' in source ? source.sha256 : undefined;
  if (given !== undefined && !isSha256Hex(given)) throw new TypeError('ImageSource.sha256 must be the hex SHA-256 of the bytes (sha256Of)');
  const sha256 = given ?? sha256Of(bytes);
  return { bytes, sha256, type, fileName, sourceUrl };
}

/**
 * Loads an image from a URL (through the SSRF-guarded fetcher), uploaded bytes (which skip only
 * the fetch: the byte cap, the type gate, the pixel limit and the decode check apply to both) or
 * bytes already read with `readImage` (not fetched again). The header is read once (size, pixel limit, metadata blocks); then the one real
 * decode (downscale and re-encode for the provider) runs in libvips while the embedded
 * descriptions are parsed on the main thread. A file that does not decode fails here.
 */
export async function loadImage(
  source: ImageSource | { readonly raw: RawImage },
  options: LoadImageOptions = {},
  signal?: AbortSignal,
): Promise<LoadedImage> {
  const raw = 'raw' in source ? source.raw : await readImage(source, options, signal);
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS;
  const preparation = options.preparation ?? DEFAULT_PREPARATION;
  // The decode starts alongside the header read: its own pixel ceiling (limitInputPixels) makes
  // libvips refuse a bomb from the header too, before allocating, and the header's error (named
  // too_many_pixels or undecodable) is the one reported.
  const preparing = prepareImage(raw.bytes, preparation, maxPixels);
  preparing.catch(() => undefined);
  const { facts, metadata } = await readImageHeader(raw.bytes, maxPixels, raw.type);
  const [prepared, descriptions] = await Promise.all([preparing, descriptionsFromBlocks(metadata)]);
  return { ...raw, ...facts, metadata: descriptions, prepared, preparedFor: preparation };
}
