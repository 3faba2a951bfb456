import { EngineError, isEngineError } from '../errors/engine-error';
import type { FetchImageOptions } from './image-fetcher';
import { fetchImage } from './image-fetcher';

/** HTML pages are audited up to 5 MB; a bigger page is refused (413), never truncated. */
export const DEFAULT_PAGE_MAX_BYTES = 5 * 1024 * 1024;

export interface FetchedPage {
  readonly html: string;
  /** Where the page finally came from, after redirects: relative image URLs resolve against it. */
  readonly finalUrl: URL;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

// The page fetch is the image fetch (same SSRF guard, pinned connections, redirects re-checked,
// streaming cap, one deadline); only the words differ, so callers are told about a page, not an image.
function pageMessage(error: EngineError, maxBytes: number): string {
  switch (error.code) {
    case 'too_large':
      return `The page is larger than ${maxBytes} bytes`;
    case 'url_not_allowed':
    case 'invalid_url':
    case 'unreachable':
    case 'timeout':
      return error.message.replace(/image URL/g, 'page URL').replace(/image host/g, 'page host').replace(/The image/g, 'The page');
    default:
      return error.message;
  }
}

function charsetOf(contentType: string): string {
  const match = /charset\s*=\s*"?([\w-]+)"?/i.exec(contentType);
  return match?.[1]?.toLowerCase() ?? 'utf-8';
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown label: UTF-8 is what browsers fall back to for most of the web.
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** Fetches one HTML page through the SSRF guard; anything that is not HTML is refused (unsupported_type). */
export async function fetchPage(rawUrl: string, options: Omit<FetchImageOptions, 'accept'> = {}): Promise<FetchedPage> {
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_MAX_BYTES;
  let fetched;
  try {
    fetched = await fetchImage(rawUrl, { ...options, maxBytes, accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' });
  } catch (error) {
    if (!isEngineError(error)) throw error;
    throw new EngineError(error.code, pageMessage(error, maxBytes), { cause: error, status: error.status, retryAfter: error.retryAfter, location: error.location });
  }
  const contentType = fetched.contentType ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!HTML_TYPES.has(mediaType)) {
    throw new EngineError('unsupported_type', `The page is not HTML (it was served as ${mediaType || 'an unknown type'})`);
  }
  return { html: decode(fetched.bytes, charsetOf(contentType)), finalUrl: fetched.finalUrl };
}

/**
 * Fetches a site's file that is no page (robots.txt, a sitemap) through the same guard, redirects
 * and caps as a page: its bytes, whatever type the host declared (sitemaps come as XML or gzip).
 */
export async function fetchSiteFile(rawUrl: string, options: Omit<FetchImageOptions, 'accept'> = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? DEFAULT_PAGE_MAX_BYTES;
  try {
    return (await fetchImage(rawUrl, { ...options, maxBytes, accept: 'text/plain,application/xml,text/xml;q=0.9,*/*;q=0.1' })).bytes;
  } catch (error) {
    if (!isEngineError(error)) throw error;
    throw new EngineError(error.code, pageMessage(error, maxBytes).replace(/page/g, 'file'), { cause: error, status: error.status, retryAfter: error.retryAfter, location: error.location });
  }
}
