// One run's crawl of a site: same-origin pages from the sitemaps and the start URL, then the links
// found on pages, breadth first, until `maxPages` pages were read. robots.txt is obeyed (our own
// user agent, its Crawl-delay); canonical URLs and query-parameter variants are de-duplicated; each
// page goes through the caller's fetch (the audits' SSRF guard and PAGE_FETCH_ALLOW, the host's
// politeness) and the audits' page walk. A resumed run replays the pages it already stored (their
// discovered links, in order) instead of fetching them again, so it counts each page once.
import robotsParser from 'robots-parser';
import { isEngineError } from '@altwise/engine';
import type { PageImages } from '../audits';
import { normaliseUrl, pathAndQuery } from './crawl-urls';
import { readSitemaps } from './sitemaps';
import type { SitemapFindings } from './sitemaps';

/** The name robots.txt rules are matched against (the fetches' User-Agent starts with it). */
export const CRAWLER_AGENT = 'AltwiseBot';
/** Distinct query strings crawled per path: `?month=` calendars stop here. */
export const QUERY_VARIANTS_PER_PATH = 10;
/** Links taken from one page (a 5 MB page of links gives its first ones). */
export const LINKS_PER_PAGE = 1000;
/** URLs known at once per run (queued or visited). */
export const MAX_KNOWN_URLS = 50_000;
/** robots.txt is read up to this size (RFC 9309 asks for at least 500 KiB). */
export const MAX_ROBOTS_BYTES = 512 * 1024;
/** Pages fetched and parsed at once per run (the host's own limit is two requests in flight). */
const PAGES_AT_ONCE = 2;
/** Robots' Crawl-delay is obeyed up to this long. */
const MAX_CRAWL_DELAY_MS = 30_000;

export interface CrawledPage {
  url: string;
  status: 'ok' | 'skipped' | 'failed';
  /** Why a page was skipped or failed (not HTML, a redirect elsewhere, too large…). */
  reason: string | null;
  page: PageImages | null;
  /** URLs this page added to the crawl, in order (replayed when a run resumes). */
  discovered: string[];
}

/** What a run's picture checks did (monitor-pictures.ts). */
export interface MonitorPictures {
  /** Distinct pictures loaded (once each). */
  checked: number;
  /** Of them, those that do not load. */
  broken: number;
  /** Not loaded: on another host, disallowed by robots.txt, past the cap or the time budget. */
  notChecked: number;
}

export interface CrawlFindings {
  robots: string | null;
  sitemaps: SitemapFindings | null;
  /** Links not followed because robots.txt disallows them. */
  disallowed: number;
  /** Links outside the monitor's include/exclude patterns. */
  filtered: number;
  /** Query variants beyond QUERY_VARIANTS_PER_PATH (traps). */
  trapped: number;
  /** Links to other origins. */
  offSite: number;
  /** The pictures' own checks, once the pages are read (absent on runs from before them). */
  pictures?: MonitorPictures;
}

export interface CrawlDeps {
  start: URL;
  maxPages: number;
  /** Whether a same-origin URL's path and query is within the monitor's patterns. */
  inScope: (pathAndQuery: string) => boolean;
  /** Bytes of a URL (robots.txt, sitemaps) through the guarded, polite fetch. */
  fetchBytes: (url: string, maxBytes: number) => Promise<Buffer>;
  /** An HTML page through the guarded, polite fetch: its HTML and final URL. */
  fetchPage: (url: string) => Promise<{ html: string; finalUrl: URL }>;
  parse: (html: string, url: URL) => Promise<PageImages>;
  /** The seeds stored by an earlier attempt of this run; null the first time. */
  storedSeeds: string[] | null;
  saveSeeds: (seeds: string[], findings: CrawlFindings) => Promise<void>;
  /** Pages an earlier attempt stored, by URL: what they discovered (replayed, never fetched again). */
  storedPages: Map<string, { ok: boolean; discovered: string[] }>;
  savePage: (page: CrawledPage) => Promise<void>;
  /** Robots' Crawl-delay for the host's politeness. */
  setCrawlDelay: (ms: number) => void;
  /** True once the run must stop (the instance is stopping, the monitor was deleted). */
  stopped: () => boolean;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : 'failed');

export interface CrawlResult {
  pagesCrawled: number;
  findings: CrawlFindings;
  /** Whether robots.txt lets the crawler fetch a URL of the site (a picture's, before it is loaded). */
  allowed: (url: string) => boolean;
}

export async function crawlSite(deps: CrawlDeps): Promise<CrawlResult> {
  const origin = deps.start.origin;
  const findings: CrawlFindings = { robots: null, sitemaps: null, disallowed: 0, filtered: 0, trapped: 0, offSite: 0 };

  // robots.txt: missing (4xx) allows everything; unreachable (5xx, a timeout) allows nothing (RFC 9309).
  let robotsText = '';
  try {
    robotsText = (await deps.fetchBytes(`${origin}/robots.txt`, MAX_ROBOTS_BYTES)).toString('utf8');
  } catch (error) {
    const status = isEngineError(error) ? error.status : undefined;
    if (status === undefined || status >= 500) {
      findings.robots = `robots.txt could not be read (${describe(error)}): nothing was crawled`;
      await deps.saveSeeds(deps.storedSeeds ?? [], findings);
      return { pagesCrawled: 0, findings, allowed: () => false };
    }
    if (status !== 404 && status !== 410) findings.robots = `robots.txt answered HTTP ${status}: read as allowing everything`;
  }
  const robots = robotsParser(`${origin}/robots.txt`, robotsText);
  const delay = robots.getCrawlDelay(CRAWLER_AGENT);
  if (delay) deps.setCrawlDelay(Math.min(MAX_CRAWL_DELAY_MS, delay * 1000));

  let seeds = deps.storedSeeds;
  if (!seeds) {
    const listed = await readSitemaps([...robots.getSitemaps(), `${origin}/sitemap.xml`], origin, deps.maxPages * 4, (url) => deps.fetchBytes(url, 10 * 1024 * 1024));
    findings.sitemaps = listed.findings;
    seeds = [deps.start.href, ...listed.urls];
    await deps.saveSeeds(seeds, findings);
  }

  const known = new Set<string>();
  const variants = new Map<string, number>();
  const queue: string[] = [];
  /** Adds a URL to the crawl when it may be visited; true when it was added. */
  function enqueue(raw: string): boolean {
    const url = normaliseUrl(raw);
    if (!url || known.has(url)) return false;
    const parsed = new URL(url);
    if (parsed.origin !== origin) {
      findings.offSite += 1;
      return false;
    }
    if (known.size >= MAX_KNOWN_URLS) return false;
    if (!deps.inScope(pathAndQuery(parsed))) {
      findings.filtered += 1;
      return false;
    }
    if (robots.isDisallowed(url, CRAWLER_AGENT)) {
      findings.disallowed += 1;
      known.add(url);
      return false;
    }
    if (parsed.search) {
      const seen = variants.get(parsed.pathname) ?? 0;
      if (seen >= QUERY_VARIANTS_PER_PATH) {
        findings.trapped += 1;
        return false;
      }
      variants.set(parsed.pathname, seen + 1);
    }
    known.add(url);
    queue.push(url);
    return true;
  }
  for (const seed of seeds) enqueue(seed);

  let ok = 0;
  let inFlight = 0;
  let attempts = 0;
  // Failures count too, within a bound: a site of broken links does not crawl for ever.
  const maxAttempts = deps.maxPages * 2 + 10;

  async function visit(url: string): Promise<void> {
    const result: CrawledPage = { url, status: 'ok', reason: null, page: null, discovered: [] };
    try {
      const fetched = await deps.fetchPage(url);
      const final = normaliseUrl(fetched.finalUrl.href);
      if (final && final !== url) {
        // Redirected within the site: the target is the page (crawled once, whichever URL led there).
        if (known.has(final)) {
          result.status = 'skipped';
          result.reason = `a redirect to ${final}, crawled as itself`;
        } else known.add(final);
      }
      if (result.status === 'ok') {
        const page = await deps.parse(fetched.html, fetched.finalUrl);
        const canonical = page.canonical ? normaliseUrl(page.canonical) : null;
        if (canonical && canonical !== url && canonical !== final && new URL(canonical).origin === origin && known.has(canonical)) {
          result.status = 'skipped';
          result.reason = `a duplicate of its canonical URL ${canonical}`;
        } else {
          if (canonical && new URL(canonical).origin === origin) known.add(canonical);
          result.page = page;
          for (const link of page.links ?? []) if (enqueue(link)) result.discovered.push(queue.at(-1)!);
        }
      }
    } catch (error) {
      const message = describe(error);
      result.status = isEngineError(error, 'unsupported_type') || (isEngineError(error) && error.location) ? 'skipped' : 'failed';
      result.reason = isEngineError(error) && error.location ? `a redirect to ${error.location}, not followed` : message;
    }
    if (result.status !== 'ok') result.page = null;
    await deps.savePage(result);
    if (result.status === 'ok') ok += 1;
  }

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const next = () => {
      if (failed) return;
      while (!deps.stopped() && queue.length > 0 && inFlight < PAGES_AT_ONCE && ok + inFlight < deps.maxPages && attempts < maxAttempts) {
        const url = queue.shift()!;
        const stored = deps.storedPages.get(url);
        if (stored) {
          // Already crawled by an earlier attempt: its discoveries come back in the order they were made.
          if (stored.ok) ok += 1;
          attempts += 1;
          for (const link of stored.discovered) enqueue(link);
          continue;
        }
        attempts += 1;
        inFlight += 1;
        visit(url).then(
          () => {
            inFlight -= 1;
            next();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
      if (inFlight === 0) resolve();
    };
    next();
  });
  return { pagesCrawled: ok, findings, allowed: (url) => robots.isAllowed(url, CRAWLER_AGENT) === true };
}
