import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const PAGE = '<!doctype html><html lang="en"><head><title>Intranet</title></head><body><img src="/a.png"></body></html>';

/**
 * IMAGE_FETCH_ALLOW is for images only: allow-listing an intranet image host must not let every
 * user read that host's HTML through an audit. Pages need PAGE_FETCH_ALLOW (issue 18).
 */
for (const database of DATABASES) {
  describe(`audited pages need PAGE_FETCH_ALLOW, not IMAGE_FETCH_ALLOW (${database})`, () => {
    let host: ImageHost;
    let imagesOnly: TestServer;
    let pagesAllowed: TestServer;

    beforeAll(async () => {
      host = await startImageHost();
      host.set('/intranet/page.html', { body: PAGE, contentType: 'text/html; charset=utf-8' });
      imagesOnly = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort });
      pagesAllowed = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort });
    });
    afterAll(async () => {
      await imagesOnly?.close();
      await pagesAllowed?.close();
      await host.close();
    });

    it('refuses to fetch the page of a host allowed for images only, and never asks it', async () => {
      const { token } = await registerUser(imagesOnly);
      const before = host.hits('/intranet/page.html');
      const response = await imagesOnly.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/intranet/page.html` } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('url_not_allowed');
      expect(host.hits('/intranet/page.html')).toBe(before);
    });

    it('fetches it when PAGE_FETCH_ALLOW names the host', async () => {
      const { token } = await registerUser(pagesAllowed);
      const response = await pagesAllowed.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/intranet/page.html` } });
      expect(response.status).toBe(201);
      expect(response.body.pageTitle).toBe('Intranet');
    });
  });
}
