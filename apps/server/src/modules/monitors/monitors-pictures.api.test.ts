// Issue 37, the pictures' own checks: once the pages are read, each distinct picture of the site is
// loaded once (however many pages show it), through the crawl's guarded fetch and robots.txt; one
// that does not load (an HTTP error, a web page) is `broken` on every page, and reported fixed when
// it loads again. A picture on another host, or in a folder robots.txt disallows, is never requested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import type { TestServer } from '../../../test/support/test-server';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';

const POLL = { timeout: 30_000, interval: 50 };

for (const database of DATABASES) {
  describe(`a monitor's picture checks (${database})`, () => {
    let site: SiteHost;
    let elsewhere: SiteHost;
    let server: TestServer;
    let token: string;

    beforeAll(async () => {
      elsewhere = await startSiteHost({ pages: {} });
      const spec = generatedSite({ pages: 4, disallowed: 1 });
      // The gone picture on two pages; a picture that answers a web page; one robots.txt disallows; one on another host.
      spec.pages['/page-1.html']!.html = `<img src="/gone.png" alt="Team photo"><img src="/html.png" alt="Map"><img src="/private/inner.png" alt="Inner">`;
      spec.pages['/page-2.html']!.html = `<img src="/gone.png" alt="Team photo"><img src="${elsewhere.url}/cdn.png" alt="Shoe">`;
      spec.raw = { '/gone.png': { status: 404, body: 'Not found', contentType: 'text/plain' }, '/html.png': { body: '<!doctype html><title>Oops</title>', contentType: 'text/html' } };
      site = await startSiteHost(spec);
      server = await startTestServer(database, { PAGE_FETCH_ALLOW: `${site.hostPort},${elsewhere.hostPort}`, MONITOR_MIN_GAP_MS: '0' });
      ({ token } = await registerUser(server));
    });
    afterAll(async () => {
      await server?.close();
      await site?.close();
      await elsewhere?.close();
    });

    async function runToEnd(monitorId: string): Promise<any> {
      const started = await server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      const path = `/api/v1/monitors/${monitorId}/runs/${started.body.id}`;
      await expect.poll(async () => (await server.request('GET', path, { token })).body.status, POLL).toMatch(/completed|failed/);
      return (await server.request('GET', path, { token })).body;
    }

    it('loads each picture once, marks the ones that do not load broken, and reports them fixed once they load', async () => {
      const monitorId = (await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, maxPages: 10 } })).body.id as string;
      const first = await runToEnd(monitorId);
      expect(first).toMatchObject({ status: 'completed', pagesCrawled: 4 });
      // logo, photos 0-3, gone, html (the disallowed and the other host's not loaded).
      expect(first.findings.pictures).toEqual({ checked: 7, broken: 2, notChecked: 2 });
      expect(site.hits('/logo.png')).toBe(1);
      expect(site.hits('/gone.png')).toBe(1);
      expect(site.hitsUnder('/private/')).toBe(0);
      expect(elsewhere.requests).toEqual([]);

      const broken = (await server.request('GET', `/api/v1/monitors/${monitorId}/runs/${first.id}/images?rule=broken-image`, { token })).body;
      expect(broken.images.map((image: any) => [image.imageUrl, image.occurrences, image.failing]).sort()).toEqual([
        [`${site.url}/gone.png`, 2, 2],
        [`${site.url}/html.png`, 1, 1],
      ]);
      expect(first.failing).toBe(3);
      // Pictures that do not load need repairing, not words: no fix job is made of them.
      expect((await server.request('POST', `/api/v1/monitors/${monitorId}/runs/${first.id}/fix`, { token })).status).toBe(409);

      site.setPage('/page-1.html', { ...site.page('/page-1.html')!, html: '<img src="/html.png" alt="Map">' });
      site.setPage('/page-2.html', { ...site.page('/page-2.html')!, html: '<img src="/gone-fixed.png" alt="Team photo">' });
      const second = await runToEnd(monitorId);
      expect(second).toMatchObject({ status: 'completed', failing: 1, regressed: 0, fixed: 1 });
      expect(second.findings.pictures).toEqual({ checked: 7, broken: 1, notChecked: 0 });
    });
  });
}
