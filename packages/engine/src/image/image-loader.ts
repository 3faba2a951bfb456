import { createHash } from 'node:crypto';
import { EngineError } from '../errors/engine-error';
import type { FetchImageOptions } from '../fetch/image-fetcher';
import { DEFAULT_MAX_BYTES, fetchImage } from '../fetch/image-fetcher';
import type { EmbeddedDescriptions } from './embedded-metadata';
import { readEmbeddedDescriptions } from './embedded-metadata';
import type { ImageFacts } from './image-decoder';
import { MAX_INPUT_PIXELS, inspectImage } from './image-decoder';

export type ImageSource =
  { readonly url: string } | { readonly bytes: Uint8Array; readonly fileName?: string };

export interface LoadedImage extends ImageFacts {
  /** The original bytes, exactly as fetched or uploaded (the cache key hashes these). */
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly metadata: EmbeddedDescriptions;
  /** The uploaded file name, or the last path segment of the URL. A hint, never trusted. */
  readonly fileName?: string;
  /** The URL the bytes came from after redirects; kept for the caller, never sent to a model. */
  readonly sourceUrl?: string;
}

export interface LoadImageOptions extends Omit<FetchImageOptions, 'signal'> {
  readonly maxPixels?: number;
}

function fileNameFromUrl(url: string): string | undefined {
  const segment = new URL(url).pathname.split('/').filter(Boolean).pop();
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Loads an image from a URL (through the SSRF-guarded fetcher) or from uploaded bytes,
 * which skip only the fetch: the byte cap, the type gate, the pixel limit and the
 * decode check apply to both.
 */
export async function loadImage(
  source: ImageSource,
  options: LoadImageOptions = {},
  signal?: AbortSignal,
): Promise<LoadedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let bytes: Buffer;
  let fileName: string | undefined;
  let sourceUrl: string | undefined;

  if ('url' in source) {
    const fetched = await fetchImage(source.url, { ...options, maxBytes, signal });
    bytes = fetched.bytes;
    sourceUrl = fetched.finalUrl;
    fileName = fileNameFromUrl(fetched.finalUrl);
  } else {
    bytes = Buffer.isBuffer(source.bytes) ? source.bytes : Buffer.from(source.bytes);
    fileName = source.fileName;
    if (bytes.length > maxBytes)
      throw new EngineError('too_large', `The image is larger than ${maxBytes} bytes`);
  }
  if (bytes.length === 0) throw new EngineError('undecodable', 'The image is empty');

  const facts = await inspectImage(bytes, options.maxPixels ?? MAX_INPUT_PIXELS);
  const metadata = await readEmbeddedDescriptions(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { ...facts, bytes, sha256, metadata, fileName, sourceUrl };
}
