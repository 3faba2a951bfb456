import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { startSiteHost } from '@altwise/test-support/site-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { QUERY_VARIANTS_PER_PATH } from './crawl';

const POLL = { timeout: 30_000, interval: 50 };
const image = (name: string) => ({ src: `/${name}.png`, alt: 'Volunteers planting oak saplings in the park' });

/**
 * A site that tries what crawls meet: a calendar of endless months, a redirect loop, a redirect to
 * another host, a PDF, tracking parameters, a canonical duplicate, a 429 with Retry-After, a
 * sitemap index that lists itself and a gzipped sitemap naming other hosts and a private address.
 * Each is bounded and recorded; the other host is never asked for anything.
 */
for (const database of DATABASES) {
  describe(`a monitor on a hostile site (${database})`, () => {
    let elsewhere: SiteHost;
    let site: SiteHost;
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      elsewhere = await startSiteHost({ pages: { '/landing': { title: 'Elsewhere' } } });
      site = await startSiteHost({
        pages: {
          '/': {
            title: 'Home',
            images: [image('home')],
            links: ['/calendar?month=1', '/loop-a', '/away', '/file.pdf', '/dup?utm_source=mail', '/canon.html', '/canon-copy.html', '/busy.html', `${elsewhere.url}/landing`],
          },
          '/dup': { title: 'Dup', images: [image('dup')], links: ['/dup'] },
          '/canon.html': { title: 'Canon', images: [image('canon')] },
          '/canon-copy.html': { title: 'Copy', canonical: '/canon.html', images: [image('canon')] },
          '/busy.html': { title: 'Busy', images: [image('busy')] },
          '/from-sitemap.html': { title: 'Listed', images: [image('listed')] },
        },
        robots: 'User-agent: *\nDisallow: /private/\nSitemap: {origin}/sitemap-index.xml\n',
        sitemaps: {
          '/sitemap-index.xml': { sitemaps: ['/sitemap-index.xml', '/sitemap-a.xml.gz', `${elsewhere.url}/sitemap.xml`] },
          '/sitemap-a.xml.gz': { urls: ['/from-sitemap.html', 'http://10.0.0.1/admin', `${elsewhere.url}/landing`], gzip: true },
        },
        redirects: { '/loop-a': '/loop-b', '/loop-b': '/loop-a', '/away': `${elsewhere.url}/landing` },
        raw: { '/file.pdf': { contentType: 'application/pdf', body: '%PDF-1.4' } },
        traps: ['/calendar'],
        throttle: { '/busy.html': { count: 1, retryAfter: 1 } },
      });
      server = await startTestServer(database, { PAGE_FETCH_ALLOW: site.hostPort, MONITOR_MIN_GAP_MS: '0' });
      ({ token } = await registerUser(server));
    });
    afterAll(async () => {
      await server?.close();
      await site?.close();
      await elsewhere?.close();
    });

    it('bounds every trap, records what it did not read, and never asks another host', async () => {
      const created = await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, maxPages: 50 } });
      expect(created.status).toBe(201);
      const started = await server.request('POST', `/api/v1/monitors/${created.body.id}/runs`, { token });
      const path = `/api/v1/monitors/${created.body.id}/runs/${started.body.id}`;
      await expect.poll(async () => (await server.request('GET', path, { token })).body.status, POLL).toMatch(/completed|failed/);
      const run = (await server.request('GET', path, { token })).body;
      expect(run.status).toBe('completed');

      expect(elsewhere.requests).toEqual([]);
      // The calendar: at most the allowed variants of its query, the rest counted as trapped.
      expect(site.hits('/calendar')).toBe(QUERY_VARIANTS_PER_PATH);
      expect(run.findings.trapped).toBeGreaterThan(0);
      // The redirect loop: fetched within the redirect bound, then failed.
      expect(site.hits('/loop-a')).toBeLessThanOrEqual(2);
      // The tracking parameter is no other page; the canonical copy is no other page either.
      expect(site.hits('/dup')).toBe(1);
      // Retry-After honoured: asked again once the host allowed it.
      expect(site.hits('/busy.html')).toBe(2);
      // The sitemap index listing itself is read once; the gzipped one gives its same-origin page.
      expect(site.hits('/sitemap-index.xml')).toBe(1);
      expect(run.findings.sitemaps.offSite).toBeGreaterThanOrEqual(3);

      const pages = (await server.request('GET', `${path}/pages?limit=500`, { token })).body;
      const byUrl = new Map<string, any>(pages.pages.map((page: any) => [page.url.replace(site.url, ''), page]));
      expect(byUrl.get('/from-sitemap.html')).toMatchObject({ status: 'ok', images: 1 });
      expect(byUrl.get('/busy.html')).toMatchObject({ status: 'ok' });
      expect(byUrl.get('/file.pdf')).toMatchObject({ status: 'skipped', reason: expect.stringContaining('not HTML') });
      expect(byUrl.get('/away')).toMatchObject({ status: 'skipped', reason: `a redirect to ${elsewhere.url}/landing, not followed` });
      expect(byUrl.get('/canon-copy.html')).toMatchObject({ status: 'skipped', reason: expect.stringContaining('canonical') });
      expect(byUrl.get('/loop-a')).toMatchObject({ status: 'failed' });
      expect(run.pagesCrawled).toBe(pages.pages.filter((page: any) => page.status === 'ok').length);
      // The canonical copy's image is not counted again.
      const images = (await server.request('GET', `${path}/images`, { token })).body;
      expect(images.images.find((entry: any) => entry.imageUrl === `${site.url}/canon.png`).occurrences).toBe(1);
    });
  });
}
