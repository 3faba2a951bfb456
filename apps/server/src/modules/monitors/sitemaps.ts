// The pages a site lists in its sitemaps (robots.txt's Sitemap lines and /sitemap.xml): plain
// <urlset>s, <sitemapindex>es and gzipped files, each bounded. Only URLs of the site's own origin
// are kept (a sitemap naming another host or a private address leads nowhere); a sitemap index
// that points at itself, or at more sitemaps than MAX_SITEMAPS, is read once and no further.
import { gunzipSync } from 'node:zlib';
import { normaliseUrl } from './crawl-urls';

/** Sitemap files read per run. */
export const MAX_SITEMAPS = 20;
/** A sitemap file's bytes as downloaded, and once un-gzipped (the protocol's own limit is 50 MB). */
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;

export interface SitemapFindings {
  sitemapsRead: number;
  /** Why a sitemap was not read, or was read in part. */
  problems: string[];
  /** URLs listed on other hosts, not kept. */
  offSite: number;
}

const LOC = /<loc>\s*([^<]{1,4096}?)\s*<\/loc>/gi;
const decodeXml = (text: string) =>
  text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

function textOf(bytes: Buffer): string {
  // gzip's magic number: a .gz sitemap (served as such, or by a host that did not say).
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    return gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString('utf8');
  }
  return bytes.toString('utf8');
}

/**
 * Reads the sitemaps breadth first, from `starts`, and answers the page URLs of `origin` they list
 * (normalised, de-duplicated, at most `maxUrls`). `fetchBytes` goes through the crawl's fetch: the
 * SSRF guard, the politeness of the host, the size cap.
 */
export async function readSitemaps(
  starts: readonly string[],
  origin: string,
  maxUrls: number,
  fetchBytes: (url: string) => Promise<Buffer>,
): Promise<{ urls: string[]; findings: SitemapFindings }> {
  const findings: SitemapFindings = { sitemapsRead: 0, problems: [], offSite: 0 };
  const queue = [...new Set(starts.map((start) => normaliseUrl(start)).filter((url): url is string => url !== null))];
  const visited = new Set<string>();
  const urls = new Set<string>();
  while (queue.length > 0 && urls.size < maxUrls) {
    const sitemap = queue.shift()!;
    if (visited.has(sitemap)) continue;
    visited.add(sitemap);
    if (new URL(sitemap).origin !== origin) {
      findings.offSite += 1;
      continue;
    }
    if (findings.sitemapsRead >= MAX_SITEMAPS) {
      findings.problems.push(`More than ${MAX_SITEMAPS} sitemaps: the rest were not read`);
      break;
    }
    let xml: string;
    try {
      findings.sitemapsRead += 1;
      xml = textOf(await fetchBytes(sitemap));
    } catch (error) {
      // A missing /sitemap.xml is normal; anything else is worth saying.
      const message = error instanceof RangeError ? `larger than ${MAX_SITEMAP_BYTES} bytes once uncompressed` : error instanceof Error ? error.message : 'unreadable';
      if (!/HTTP 404/.test(message)) findings.problems.push(`${new URL(sitemap).pathname}: ${message}`);
      continue;
    }
    const isIndex = /<sitemapindex[\s>]/i.test(xml.slice(0, 4096));
    for (const match of xml.matchAll(LOC)) {
      const url = normaliseUrl(decodeXml(match[1]!));
      if (!url) continue;
      if (new URL(url).origin !== origin) {
        findings.offSite += 1;
        continue;
      }
      if (isIndex) {
        if (!visited.has(url)) queue.push(url);
      } else {
        urls.add(url);
        if (urls.size >= maxUrls) break;
      }
    }
  }
  return { urls: [...urls], findings };
}
