// What a site crawl counts as one URL, and which it may visit: the monitor's own origin, http(s)
// only, without fragment or tracking parameters, query parameters sorted (?b=1&a=2 is ?a=2&b=1).

const TRACKING = /^(utm_\w+|fbclid|gclid|msclkid|mc_cid|mc_eid)$/i;
/** Longer URLs are not crawled (they are traps or garbage). */
export const MAX_URL_LENGTH = 2048;

export function normaliseUrl(raw: string, base?: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = params.length > 0 ? new URLSearchParams(params).toString() : '';
  return url.href.length > MAX_URL_LENGTH ? null : url.href;
}

/** A monitor's include/exclude pattern: a path (and query) prefix where `*` matches anything. */
export function patternMatcher(patterns: readonly string[] | null | undefined): ((pathAndQuery: string) => boolean) | null {
  if (!patterns || patterns.length === 0) return null;
  const expressions = patterns.map((pattern) => new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`));
  return (pathAndQuery) => expressions.some((expression) => expression.test(pathAndQuery));
}

export const pathAndQuery = (url: URL) => `${url.pathname}${url.search}`;
