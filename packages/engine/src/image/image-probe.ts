import { isEngineError } from '../errors/engine-error';
import type { FetchImageOptions } from '../fetch/image-fetcher';
import { fetchImage } from '../fetch/image-fetcher';
import { readImageHeader } from './image-decoder';
import { sniffImageType } from './image-type';

/**
 * Whether a page's image loads, as a browser would see it: `broken` only when it certainly does
 * not (the host answers an error or cannot be reached, or the bytes are a picture format that does
 * not decode, or are a web page or nothing at all); `unknown` when we cannot tell (our fetch
 * policy refuses the host, it is too slow or too large to check, or it is a format we do not read,
 * such as SVG or BMP, which a browser may well show).
 */
export type ImageProbe = { readonly state: 'loads' } | { readonly state: 'broken'; readonly reason: string } | { readonly state: 'unknown' };

export async function probeImage(url: string, options: Omit<FetchImageOptions, 'accept'> = {}): Promise<ImageProbe> {
  let bytes: Buffer;
  let contentType: string | undefined;
  try {
    ({ bytes, contentType } = await fetchImage(url, options));
  } catch (error) {
    if (isEngineError(error, 'unreachable') || isEngineError(error, 'invalid_url')) return { state: 'broken', reason: error.message };
    return { state: 'unknown' };
  }
  if (bytes.length === 0) return { state: 'broken', reason: 'The image host answered with an empty body' };
  const type = sniffImageType(bytes);
  if (!type) {
    const text = bytes.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
    const html = /^text\/html/i.test(contentType ?? '') || text.startsWith('<!doctype html') || text.startsWith('<html');
    return html ? { state: 'broken', reason: 'The image address answers a web page, not a picture' } : { state: 'unknown' };
  }
  try {
    await readImageHeader(bytes, Number.MAX_SAFE_INTEGER, type);
    return { state: 'loads' };
  } catch (error) {
    return isEngineError(error, 'undecodable') ? { state: 'broken', reason: 'The picture is damaged: it could not be decoded' } : { state: 'unknown' };
  }
}
