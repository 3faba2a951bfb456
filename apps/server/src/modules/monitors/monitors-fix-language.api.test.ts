// Issue 37, "Fix": each failing picture of a run is described in its page's language (the `lang` of
// the element or its nearest ancestor, as the page audit reads it), not the account's; the same
// picture on a French and a German page is two items, and each page's fix gets its own text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import { DATABASES } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';

const POLL = { timeout: 30_000, interval: 50 };

/** One picture on a French part of page 1 and a German part of page 2; another on the home page, English as its <html>. */
async function site(): Promise<SiteHost> {
  const spec = generatedSite({ pages: 3 });
  spec.pages['/page-1.html'] = { ...spec.pages['/page-1.html']!, images: [], html: '<div lang="fr"><p>Nos vélos</p><img src="/photos/bike.png"></div>' };
  spec.pages['/page-2.html'] = { ...spec.pages['/page-2.html']!, images: [], html: '<section lang="de-CH"><img src="/photos/bike.png"></section>' };
  spec.pages['/'] = { ...spec.pages['/']!, images: [{ src: '/photos/cat.png' }] };
  spec.raw = {};
  for (const path of ['/photos/bike.png', '/photos/cat.png']) spec.raw[path] = { body: await distinctPng(24), contentType: 'image/png' };
  return startSiteHost(spec);
}

for (const database of DATABASES) {
  describe(`a monitor's fix job in each page's language (${database})`, () => {
    let host: SiteHost;
    let env: JobsTestEnv;
    let token: string;

    beforeAll(async () => {
      host = await site();
      env = await startJobsEnv(database, { env: { PAGE_FETCH_ALLOW: host.hostPort, IMAGE_FETCH_ALLOW: host.hostPort, MONITOR_MIN_GAP_MS: '0' } });
      ({ token } = await env.proUser());
      // The account writes Spanish: no item of this run may be described in it.
      expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { altText: { language: 'es' } } })).status).toBe(200);
    });
    afterAll(async () => {
      await env?.close();
      await host?.close();
    });

    it("describes each picture in its page's language and gives each page its own fix", async () => {
      const monitorId = (await env.server.request('POST', '/api/v1/monitors', { token, body: { url: `${host.url}/`, maxPages: 10 } })).body.id as string;
      const started = await env.server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      const path = `/api/v1/monitors/${monitorId}/runs/${started.body.id}`;
      await expect.poll(async () => (await env.server.request('GET', path, { token })).body.status, POLL).toBe('completed');

      const made = await env.server.request('POST', `${path}/fix`, { token });
      expect(made.status).toBe(202);
      const done = await env.waitFor(token, made.body.id);
      expect(done).toMatchObject({ status: 'completed', counts: { succeeded: 3 } });
      const items = (await env.server.request('GET', `/api/v1/jobs/${done.id}/results`, { token })).body.items as any[];
      expect(items.map((item) => [item.imageUrl, item.language]).sort()).toEqual([
        [`${host.url}/photos/bike.png`, 'de-CH'],
        [`${host.url}/photos/bike.png`, 'fr'],
        [`${host.url}/photos/cat.png`, 'en'],
      ]);
      // What the describer was asked for: each page's language, never the account's.
      const prompts = env.vision.requests.map((request) => request.rawBody);
      expect(prompts.filter((body) => body.includes('(fr)'))).toHaveLength(1);
      expect(prompts.filter((body) => body.includes('(de-CH)'))).toHaveLength(1);
      expect(prompts.filter((body) => body.includes('(en)'))).toHaveLength(1);
      expect(prompts.some((body) => body.includes('(es)'))).toBe(false);

      const byLanguage = new Map(items.map((item) => [item.language, item]));
      for (const [language, altText] of [['fr', 'Un vélo rouge'], ['de-CH', 'Ein rotes Velo']]) {
        const review = await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/${byLanguage.get(language).id}`, { token, body: { status: 'approved', altText } });
        expect(review.status).toBe(200);
      }
      const fixes = (await env.server.request('GET', `${path}/fixes`, { token })).body;
      expect(fixes.pages.map((page: any) => [page.pageUrl, page.fixes.map((fix: any) => fix.suggestedAlt)])).toEqual([
        [`${host.url}/page-1.html`, ['Un vélo rouge']],
        [`${host.url}/page-2.html`, ['Ein rotes Velo']],
      ]);
    });
  });
}
