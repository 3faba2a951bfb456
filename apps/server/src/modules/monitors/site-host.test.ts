import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';

describe('the loopback site generator', () => {
  let site: SiteHost;
  beforeAll(async () => {
    site = await startSiteHost({
      ...generatedSite({ pages: 3, disallowed: 2, sitemap: 'gzip' }),
      redirects: { '/old': '/page-1.html' },
      traps: ['/calendar'],
      throttle: { '/busy': { count: 1, retryAfter: 2 } },
    });
  });
  afterAll(() => site.close());

  it('serves pages with the shared logo and links, robots.txt and a gzipped sitemap behind an index', async () => {
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).toContain('<img src="/logo.png" alt="Acme">');
    expect(home).toContain('href="/private/secret-1.html"');
    expect(await (await fetch(`${site.url}/robots.txt`)).text()).toContain('Disallow: /private/');
    expect(await (await fetch(`${site.url}/sitemap.xml`)).text()).toContain('<sitemapindex');
    const gz = Buffer.from(await (await fetch(`${site.url}/sitemap-pages.xml.gz`)).arrayBuffer());
    expect(gunzipSync(gz).toString()).toContain(`<loc>${site.url}/page-2.html</loc>`);
  });

  it('answers redirects, traps and throttles, and counts every request by path and query', async () => {
    expect((await fetch(`${site.url}/old`, { redirect: 'manual' })).headers.get('location')).toBe('/page-1.html');
    expect(await (await fetch(`${site.url}/calendar?month=4`)).text()).toContain('href="/calendar?month=5"');
    const busy = await fetch(`${site.url}/busy`);
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '2']);
    expect(site.hits('/calendar?month=4')).toBe(1);
    expect(site.hits('/calendar')).toBe(1);
    expect(site.hitsUnder('/private/')).toBe(0);
    site.setPage('/page-1.html', { title: 'Changed', images: [{ src: '/logo.png' }] });
    expect(await (await fetch(`${site.url}/page-1.html`)).text()).toContain('<img src="/logo.png">');
  });
});
