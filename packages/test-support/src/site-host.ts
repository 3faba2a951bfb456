// A loopback website for the site monitors' tests and benches: pages with images and links,
// robots.txt, sitemaps (plain, index, gzip), a shared logo, redirects, query-parameter traps and
// throttled paths, and a count of every request it was sent (path with its query), so a test can
// prove what a crawler never asked for. Pages can be changed between runs (`setPage`).
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteImage {
  src: string;
  /** Absent: no alt attribute at all; '' decorative. */
  alt?: string;
}

export interface SitePage {
  title?: string;
  images?: SiteImage[];
  /** hrefs as written on the page (relative or absolute). */
  links?: string[];
  /** <link rel="canonical">. */
  canonical?: string;
  /** Extra markup put in the body as is. */
  html?: string;
}

export interface SiteSitemap {
  /** Page URLs (a <urlset>) or sitemap URLs (a <sitemapindex>): absolute or paths on this host. */
  urls?: string[];
  sitemaps?: string[];
  /** Served gzipped (application/gzip), as sitemap.xml.gz files are. */
  gzip?: boolean;
}

export interface SiteRaw {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface SiteSpec {
  pages: Record<string, SitePage>;
  /** robots.txt's text (`{origin}` stands for the host's own origin); absent: 404. */
  robots?: string;
  sitemaps?: Record<string, SiteSitemap>;
  /** A 301 from the path to the location (a path or another origin). */
  redirects?: Record<string, string>;
  /** Any other answer: a binary, a 503… */
  raw?: Record<string, SiteRaw>;
  /**
   * Infinite calendars: `${path}?month=N` answers a page linking to `?month=N+1` (and an image
   * that differs per month), for ever.
   */
  traps?: string[];
  /** The first `count` requests of the path answer 429 with this Retry-After (seconds). */
  throttle?: Record<string, { count: number; retryAfter: number }>;
  /** Paths whose requests are held unanswered until `release()` (an instance killed mid-crawl). */
  stall?: string[];
}

export interface SiteHost {
  readonly url: string;
  readonly hostPort: string;
  /** Every request so far, path and query, in arrival order. */
  readonly requests: readonly string[];
  /** Requests of exactly this path (query included when given, else any query). */
  hits(path: string): number;
  /** Requests whose path starts with the prefix. */
  hitsUnder(prefix: string): number;
  /** Requests in flight at once, at most, so far (the crawler's politeness). */
  readonly maxInFlight: number;
  setPage(path: string, page: SitePage): void;
  /** Requests of the `stall` paths waiting for an answer now. */
  readonly stalled: number;
  /** Answers the stalled requests, and every later one at once. */
  release(): void;
  page(path: string): SitePage | undefined;
  close(): Promise<void>;
}

/** A 1×1 PNG: every image of the generated sites. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function pageHtml(page: SitePage): string {
  const images = (page.images ?? []).map(
    (image) =>
      `<img src="${escape(image.src)}"${image.alt === undefined ? '' : ` alt="${escape(image.alt)}"`}>`,
  );
  const links = (page.links ?? []).map((href) => `<li><a href="${escape(href)}">${escape(href)}</a></li>`);
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escape(page.title ?? 'Page')}</title>`,
    page.canonical ? `<link rel="canonical" href="${escape(page.canonical)}">` : '',
    '</head><body><main>',
    `<h1>${escape(page.title ?? 'Page')}</h1>`,
    ...images,
    links.length > 0 ? `<nav><ul>${links.join('')}</ul></nav>` : '',
    page.html ?? '',
    '</main></body></html>',
  ].join('\n');
}

function sitemapXml(sitemap: SiteSitemap, origin: string): string {
  const absolute = (url: string) => escape(url.startsWith('/') ? `${origin}${url}` : url);
  if (sitemap.sitemaps) {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemap.sitemaps
      .map((url) => `<sitemap><loc>${absolute(url)}</loc></sitemap>`)
      .join('')}</sitemapindex>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${(
    sitemap.urls ?? []
  )
    .map((url) => `<url><loc>${absolute(url)}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('')}</urlset>`;
}

export async function startSiteHost(spec: SiteSpec): Promise<SiteHost> {
  const pages = new Map(Object.entries(spec.pages));
  const requests: string[] = [];
  const throttled = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let origin = '';
  let released = false;
  const held: Array<() => void> = [];

  const server = createServer((request, response) => {
    const full = request.url ?? '/';
    requests.push(full);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => (inFlight -= 1));
    const url = new URL(full, origin);
    const path = url.pathname;
    const send = (
      status: number,
      contentType: string,
      body: string | Buffer,
      headers: Record<string, string> = {},
    ) => {
      response.writeHead(status, {
        'content-type': contentType,
        'content-length': Buffer.byteLength(body),
        ...headers,
      });
      response.end(body);
    };
    if (!released && spec.stall?.includes(path)) {
      held.push(() => void (!response.destroyed && answer()));
      return;
    }
    answer();

    function answer(): void {
      const throttle = spec.throttle?.[path];
      if (throttle) {
        const seen = throttled.get(path) ?? 0;
        throttled.set(path, seen + 1);
        if (seen < throttle.count)
          return send(429, 'text/plain', 'slow down', { 'retry-after': String(throttle.retryAfter) });
      }
      if (path === '/robots.txt')
        return spec.robots === undefined
          ? send(404, 'text/plain', 'not found')
          : send(200, 'text/plain', spec.robots.replaceAll('{origin}', origin));
      const redirect = spec.redirects?.[path];
      if (redirect) {
        response.writeHead(301, { location: redirect });
        response.end();
        return;
      }
      const raw = spec.raw?.[path];
      if (raw)
        return send(
          raw.status ?? 200,
          raw.contentType ?? 'application/octet-stream',
          raw.body ?? '',
          raw.headers,
        );
      const sitemap = spec.sitemaps?.[path];
      if (sitemap) {
        const xml = sitemapXml(sitemap, origin);
        return sitemap.gzip
          ? send(200, 'application/gzip', gzipSync(xml))
          : send(200, 'application/xml', xml);
      }
      if (/\.(png|jpe?g|gif|webp|svg)$/i.test(path)) return send(200, 'image/png', PIXEL_PNG);
      if (spec.traps?.includes(path)) {
        const month = Number(url.searchParams.get('month') ?? '0') || 0;
        return send(
          200,
          'text/html; charset=utf-8',
          pageHtml({
            title: `Calendar ${month}`,
            images: [{ src: `/calendar-${month % 3}.png`, alt: 'Calendar' }],
            links: [`${path}?month=${month + 1}`],
          }),
        );
      }
      const page = pages.get(path);
      if (!page) return send(404, 'text/html', '<!doctype html><title>Not found</title>');
      send(200, 'text/html; charset=utf-8', pageHtml(page));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const pathOf = (entry: string) => entry.split('?')[0]!;
  return {
    url: origin,
    hostPort: `127.0.0.1:${port}`,
    requests,
    hits: (path) =>
      requests.filter((entry) => (path.includes('?') ? entry === path : pathOf(entry) === path)).length,
    hitsUnder: (prefix) => requests.filter((entry) => entry.startsWith(prefix)).length,
    get maxInFlight() {
      return maxInFlight;
    },
    setPage: (path, page) => void pages.set(path, page),
    page: (path) => pages.get(path),
    get stalled() {
      return held.length;
    },
    release: () => {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface GeneratedSiteOptions {
  /** Public pages, linked from the home page and listed in the sitemap (the home page is one of them). */
  pages: number;
  /** Pages under a folder robots.txt disallows, linked from every public page and listed in the sitemap too. */
  disallowed?: number;
  /** The folder robots.txt disallows. */
  disallowedFolder?: string;
  /** How the sitemap is served: at /sitemap.xml, behind an index, gzipped behind an index, or none. */
  sitemap?: 'plain' | 'index' | 'gzip' | 'none';
}

/**
 * A small real-looking site: `pages` public pages (`/` and `/page-N.html`), each with the shared
 * logo (alt "Acme") and a photo of its own (a meaningful alt per page), linked from the home page; robots.txt
 * disallows a folder of `disallowed` pages that every page links to.
 */
export function generatedSite({
  pages,
  disallowed = 0,
  disallowedFolder = '/private/',
  sitemap = 'plain',
}: GeneratedSiteOptions): SiteSpec {
  const publicPaths = ['/', ...Array.from({ length: pages - 1 }, (_, index) => `/page-${index + 1}.html`)];
  const hidden = Array.from(
    { length: disallowed },
    (_, index) => `${disallowedFolder}secret-${index + 1}.html`,
  );
  const specPages: Record<string, SitePage> = {};
  for (const [index, path] of publicPaths.entries()) {
    specPages[path] = {
      title: index === 0 ? 'Home' : `Page ${index}`,
      images: [
        { src: '/logo.png', alt: 'Acme' },
        {
          src: `/photos/photo-${index}.png`,
          alt: `Cyclists crossing the old stone bridge at dawn, stage ${index}`,
        },
      ],
      links: [...(index === 0 ? publicPaths.slice(1) : ['/']), ...hidden],
    };
  }
  for (const path of hidden)
    specPages[path] = { title: 'Secret', images: [{ src: '/logo.png', alt: 'Acme' }] };
  const listed = [...publicPaths, ...hidden];
  const sitemaps: Record<string, SiteSitemap> =
    sitemap === 'plain'
      ? { '/sitemap.xml': { urls: listed } }
      : sitemap === 'index'
        ? { '/sitemap.xml': { sitemaps: ['/sitemap-pages.xml'] }, '/sitemap-pages.xml': { urls: listed } }
        : sitemap === 'gzip'
          ? {
              '/sitemap.xml': { sitemaps: ['/sitemap-pages.xml.gz'] },
              '/sitemap-pages.xml.gz': { urls: listed, gzip: true },
            }
          : {};
  return { pages: specPages, robots: `User-agent: *\nDisallow: ${disallowedFolder}\n`, sitemaps };
}
