import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';

const PAGE = `<!doctype html>
<html lang="en"><head><title>Shop</title></head>
<body>
<header><a href="/"><img src="/logo.png"></a></header>
<nav aria-label="Primary"><a href="/cart"><img src="/cart.png" alt="Shopping cart"></a></nav>
<main>
<h1>Our products</h1>
<img src="/gone.png" alt="A red kettle on a stove">
<img src="/damaged.png" alt="A blue teapot">
<figure><img src="/ok.png" alt="A green mug"><figcaption>Mugs</figcaption></figure>
<img src="/page.png" alt="A yellow jug">
<img src="/vector.svg" alt="A spoon">
<img src="/ok.png" alt="The same green mug again">
</main>
<footer><img src="/ok.png" alt="Payment methods we accept"></footer>
</body></html>`;

interface Image {
  index: number;
  verdict: string;
  location: string;
  selector: string;
  issues: Array<{ id: string; message: string }>;
  suggestion: string | null;
  suggestionError: { code: string; message: string } | null;
  purpose: unknown;
}

for (const database of DATABASES) {
  describe(`audit verdicts: broken pictures, readable locations, no empty alt for a link image (${database})`, () => {
    let server: TestServer;
    let host: ImageHost;

    beforeAll(async () => {
      host = await startImageHost();
      const png = await distinctPng(1);
      for (const path of ['/logo.png', '/cart.png', '/ok.png']) host.set(path, { body: png, contentType: 'image/png' });
      // A PNG signature and then nothing a decoder can read.
      host.set('/damaged.png', { body: Buffer.concat([png.subarray(0, 8), Buffer.from('not a png at all, just text')]), contentType: 'image/png' });
      host.set('/page.png', { body: '<!doctype html><html><body>Not found</body></html>', contentType: 'text/html' });
      host.set('/vector.svg', { body: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', contentType: 'image/svg+xml' });
      host.set('/shop.html', { body: PAGE, contentType: 'text/html; charset=utf-8' });
      server = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort });
    });
    afterAll(async () => {
      await server?.close();
      await host.close();
    });

    it('rates a picture that does not load as broken, and only those', async () => {
      const { token } = await registerUser(server);
      // The other tests audit the same page, before this one in a shuffled run.
      const okHits = host.hits('/ok.png');
      const response = await server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/shop.html` } });
      expect(response.status).toBe(201);
      const images = response.body.images as Image[];
      const verdicts = images.map((image) => image.verdict);
      // logo (link, no alt), cart, 404, damaged, ok mug, html page, svg, mug again, footer.
      expect(verdicts).toEqual(['missing', 'ok', 'broken', 'broken', 'ok', 'broken', 'ok', 'ok', 'ok']);
      expect(images[2]!.issues[0]).toMatchObject({ id: 'broken-image', message: expect.stringContaining('HTTP 404') });
      expect(images[3]!.issues[0]!.message).toContain('could not be decoded');
      expect(images[5]!.issues[0]!.message).toContain('web page');
      expect(response.body.summary).toMatchObject({ images: 9, broken: 3, ok: 5, missing: 1 });
      // The same picture twice is fetched once.
      expect(host.hits('/ok.png') - okHits).toBe(1);

      const html = await server.request('GET', `/api/v1/audits/${response.body.id}/report.html`, { token });
      expect((html.body as string)).toContain('<td class="verdict-broken">Broken</td>');
      expect((html.body as string)).toContain('<dt>Broken (did not load)</dt><dd>3</dd>');
    });

    it('says where each image is in words, the CSS path kept beside it', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/shop.html` } });
      const images = response.body.images as Image[];
      expect(images.map((image) => image.location)).toEqual([
        'Header › 1st image in link',
        'Navigation "Primary" › 1st image in link',
        'Main › "Our products" › 1st image',
        'Main › "Our products" › 2nd image',
        'Main › "Our products" › 3rd image in figure',
        'Main › "Our products" › 4th image',
        'Main › "Our products" › 5th image',
        'Main › "Our products" › 6th image',
        'Footer › 1st image',
      ]);
      expect(images[4]!.selector).toMatch(/figure:nth-of-type\(1\) > img:nth-of-type\(1\)$/);
    });

    it('never suggests an empty alt for the only image of a link', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('POST', '/api/v1/audits', { token, body: { url: `${host.url}/shop.html`, suggest: true } });
      expect(response.status).toBe(201);
      const logo = (response.body.images as Image[])[0]!;
      expect(logo.purpose).toMatchObject({ kind: 'link' });
      // The offline describer has nothing to say of a link image whose link names nothing: no alt="" offered.
      expect(logo.suggestion).toBeNull();
      expect(logo.suggestionError).toMatchObject({ code: 'needs_purpose', message: expect.stringContaining('only content of a link or button') });
      // A broken picture is not sent to be described.
      expect((response.body.images as Image[])[2]!.suggestion).toBeNull();
      expect(response.body.summary.suggested).toBe(0);
    });
  });
}
