import { auditSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { distinctPng, setPlan } from '../alt-text/alt-text.test-support';

const PAGE = `<!doctype html>
<html lang="en"><head><title>Harbour news</title><base href="/articles/"></head>
<body>
<h1>Harbour news</h1>
<img src="photos/missing.png">
<img id="named" src="//HOST/photos/named.png" alt="A red fishing boat moored at the harbour wall">
<img src="photos/divider.png" alt="">
<img src="photos/file.png" alt="IMG_2041.jpg">
<h2>Links and buttons</h2>
<a href="/home"><img src="/logo.png" alt=""></a>
<a href="/shop"><img src="/cart.png"></a>
<a href="/about"><img src="/team.png" alt="Our team">About us</a>
<button type="button"><img src="/close.png" alt="Close the dialog"></button>
<figure><img src="/chart.png"><figcaption>Fish landed per month, 2025</figcaption></figure>
<p>The harbour reopened in May after repairs.</p>
<picture>
  <source type="image/x-unknown" srcset="/unsupported.img">
  <source media="(max-width: 600px)" srcset="/mobile.png">
  <source srcset="/pic-1x.webp 1x, /pic-2x.webp 2x" type="image/webp">
  <img src="/pic-fallback.png" alt="Sunset over the pier">
</picture>
<img srcset="/wide-640.png 640w, /wide-1280.png 1280w, /wide-2560.png 2560w" sizes="100vw" src="/wide.png" alt="Crowd at the fish market">
<img srcset="/d-2x.png 2x, /d-1x.png" src="/d.png" alt="Seagull on a post">
<input type="image" src="/go.png" alt="Search">
<input type="image" src="/send.png">
<svg role="img" aria-label="Rising sales chart"><rect width="10" height="10"/></svg>
<svg><title>Anchor icon</title><path d="M0 0"/></svg>
<svg width="10"><path d="M0 0"/></svg>
<svg aria-hidden="true"><path d="M0 0"/></svg>
<button><svg><path d="M1 1"/></svg> Save</button>
<img src="/map.png" usemap="#harbour" alt="Harbour map">
<map name="harbour"><area href="/north" alt="North quay" shape="rect" coords="0,0,10,10"><area href="/south" shape="rect" coords="10,10,20,20"></map>
<span id="cap">Lighthouse at dawn</span>
<div role="img" aria-labelledby="cap" style="background-image: url('/lighthouse.jpg')"></div>
<div role="img" style="background: url(/bg.png)"></div>
<img src="/titled.png" title="Boats in the bay">
</body></html>`;

for (const database of DATABASES) {
  describe(`page audits (${database})`, () => {
    let server: TestServer;
    let host: ImageHost;
    let token: string;

    beforeAll(async () => {
      // Every picture the pages name loads (a 404 would make it "broken", which has its own suite).
      const picture = await distinctPng();
      host = await startImageHost({}, { fallback: () => ({ body: picture, contentType: 'image/png' }) });
      // A stalled image holds a job's item this long at most, so the server closes quickly.
      server = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort, IMAGE_FETCH_TIMEOUT_MS: '3000' });
      token = (await registerUser(server)).token;
      host.set('/articles/page.html', { body: PAGE.replaceAll('HOST', host.hostPort), contentType: 'text/html; charset=utf-8' });
    });
    afterAll(async () => {
      await server.close();
      await host.close();
    });

    const audit = (url: string, body: Record<string, unknown> = {}, auth: { token?: string; apiKey?: string } = { token }) =>
      server.request('POST', '/api/v1/audits', { ...auth, body: { url, ...body } });

    async function auditPage() {
      const response = await audit(`${host.url}/articles/page.html`);
      expect(response.status).toBe(201);
      return auditSchema.parse(response.body);
    }

    async function waitForJob(own: string, url: string) {
      const deadline = Date.now() + 100_000;
      for (;;) {
        const job = (await server.request('GET', url, { token: own })).body;
        if (['completed', 'cancelled', 'failed'].includes(job.status) && job.counts.pending === 0) return job;
        if (Date.now() > deadline) throw new Error(`job still ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const bySelectorEnd = (images: Array<{ selector: string }>, end: string) => images.find((image) => image.selector.endsWith(end));

    it('lists every kind of image with its URL, name, source and verdict', async () => {
      const result = await auditPage();
      expect(result.pageTitle).toBe('Harbour news');
      const at = (url: string) => result.images.find((image) => image.imageUrl === `${host.url}${url}`)!;

      // Relative to <base href>, and protocol-relative.
      expect(at('/articles/photos/missing.png')).toMatchObject({ kind: 'img', verdict: 'missing', accessibleName: null, nameSource: null });
      expect(at('/photos/named.png')).toMatchObject({ verdict: 'ok', nameSource: 'alt', selector: '#named' });
      expect(at('/articles/photos/divider.png')).toMatchObject({ verdict: 'decorative', accessibleName: '' });
      const fileName = at('/articles/photos/file.png');
      expect(fileName.verdict).toBe('poor');
      expect(fileName.issues.map((issue) => issue.id)).toContain('camera-file-name');

      expect(at('/go.png')).toMatchObject({ kind: 'input-image', verdict: 'ok', accessibleName: 'Search' });
      expect(at('/send.png')).toMatchObject({ kind: 'input-image', verdict: 'missing' });

      const svgs = result.images.filter((image) => image.kind === 'svg');
      expect(svgs.map((image) => [image.accessibleName, image.nameSource, image.verdict])).toEqual([
        ['Rising sales chart', 'aria-label', 'ok'],
        ['Anchor icon', 'svg-title', 'ok'],
        [null, null, 'missing'],
        [null, null, 'decorative'],
        [null, null, 'decorative'],
      ]);
      expect(svgs.every((image) => image.imageUrl === null)).toBe(true);

      const areas = result.images.filter((image) => image.kind === 'area');
      expect(areas.map((area) => [area.accessibleName, area.verdict, area.imageUrl])).toEqual([
        ['North quay', 'ok', `${host.url}/map.png`],
        [null, 'missing', `${host.url}/map.png`],
      ]);

      const roles = result.images.filter((image) => image.kind === 'role-img');
      expect(roles.map((image) => [image.accessibleName, image.nameSource, image.imageUrl, image.verdict])).toEqual([
        ['Lighthouse at dawn', 'aria-labelledby', `${host.url}/lighthouse.jpg`, 'ok'],
        [null, null, `${host.url}/bg.png`, 'missing'],
      ]);
      expect(at('/titled.png')).toMatchObject({ nameSource: 'title', accessibleName: 'Boats in the bay' });
      expect(result.summary).toEqual({
        images: result.images.length,
        missing: result.images.filter((image) => image.verdict === 'missing').length,
        decorative: result.images.filter((image) => image.verdict === 'decorative').length,
        poor: 1,
        ok: result.images.filter((image) => image.verdict === 'ok').length,
        broken: 0,
        suggested: 0,
        notAudited: 0,
      });
      expect(result.summary.missing).toBe(8);
    });

    it('flags functional images: an empty or missing alt on the only content of a link or button', async () => {
      const result = await auditPage();
      const at = (url: string) => result.images.find((image) => image.imageUrl === `${host.url}${url}`)!;
      const logo = at('/logo.png');
      expect(logo.verdict).toBe('missing');
      expect(logo.issues[0]!.id).toBe('functional-image-no-name');
      expect(logo.context.link).toEqual({ element: 'a', href: `${host.url}/home`, text: '', soleContent: true });
      expect(at('/cart.png')).toMatchObject({ verdict: 'missing', context: { link: { href: `${host.url}/shop`, soleContent: true } } });
      expect(at('/team.png').context.link).toEqual({ element: 'a', href: `${host.url}/about`, text: 'About us', soleContent: false });
      expect(at('/close.png')).toMatchObject({ verdict: 'ok', context: { link: { element: 'button', href: null, soleContent: true } } });
    });

    it('gives context: figcaption, nearest heading and paragraph', async () => {
      const result = await auditPage();
      const chart = result.images.find((image) => image.imageUrl === `${host.url}/chart.png`)!;
      expect(chart.context).toMatchObject({
        figcaption: 'Fish landed per month, 2025',
        heading: 'Links and buttons',
        paragraph: 'The harbour reopened in May after repairs.',
      });
      expect(result.images[0]!.context.heading).toBe('Harbour news');
    });

    it('resolves srcset and <picture> to what a browser picks at 1x', async () => {
      const result = await auditPage();
      const named = (name: string) => result.images.find((image) => image.accessibleName === name)!;
      expect(named('Sunset over the pier').imageUrl).toBe(`${host.url}/pic-1x.webp`);
      expect(named('Crowd at the fish market').imageUrl).toBe(`${host.url}/wide-1280.png`);
      expect(named('Seagull on a post').imageUrl).toBe(`${host.url}/d-1x.png`);
    });

    it('gives each image a CSS selector that names one element', async () => {
      const result = await auditPage();
      const selectors = result.images.map((image) => image.selector);
      expect(new Set(selectors).size).toBe(selectors.length);
      expect(bySelectorEnd(result.images, 'img:nth-of-type(1)')).toBeDefined();
      expect(result.images[0]!.selector).toBe('html > body:nth-of-type(1) > img:nth-of-type(1)');
    });

    it('keeps audits in the history: list, get, reports, delete; another account gets 404', async () => {
      const created = await auditPage();
      const list = await server.request('GET', '/api/v1/audits', { token });
      expect(list.status).toBe(200);
      expect(list.body.items[0]).toMatchObject({ id: created.id, summary: created.summary, job: null });
      expect(list.body.items[0].images).toBeUndefined();
      expect((await server.request('GET', `/api/v1/audits/${created.id}`, { token })).body).toEqual(created);

      const csv = await server.request('GET', `/api/v1/audits/${created.id}/report.csv`, { token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = (csv.body as string).trim().split('\r\n');
      expect(lines[0]).toMatch(/^index,kind,verdict,image_url,selector/);
      expect(lines).toHaveLength(created.images.length + 1);

      const html = await server.request('GET', `/api/v1/audits/${created.id}/report.html`, { token });
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(html.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(html.body).toContain(`<dt>Missing</dt><dd>${created.summary.missing}</dd>`);
      expect(html.body).toContain('IMG_2041.jpg');
      expect(html.body).not.toContain('<script');

      const other = await registerUser(server);
      for (const path of ['', '/report.csv', '/report.html']) {
        expect((await server.request('GET', `/api/v1/audits/${created.id}${path}`, { token: other.token })).status).toBe(404);
      }
      expect((await server.request('DELETE', `/api/v1/audits/${created.id}`, { token: other.token })).status).toBe(404);
      expect((await server.request('DELETE', `/api/v1/audits/${created.id}`, { token })).status).toBe(200);
      expect((await server.request('GET', `/api/v1/audits/${created.id}`, { token })).status).toBe(404);
    });

    it('pages the account\'s audits newest first with a cursor, never another account\'s', async () => {
      const { token: own } = await registerUser(server);
      host.set('/small.html', { body: '<img src="/small.png" alt="A lobster pot">', contentType: 'text/html' });
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) ids.push((await audit(`${host.url}/small.html`, {}, { token: own })).body.id);
      const seen: Array<{ id: string; createdAt: string }> = [];
      const sizes: number[] = [];
      for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages += 1) {
        const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
        const page = await server.request('GET', `/api/v1/audits${query}`, { token: own });
        expect(page.status).toBe(200);
        sizes.push(page.body.items.length);
        seen.push(...page.body.items);
        cursor = page.body.nextCursor;
      }
      expect(sizes).toEqual([2, 2, 1]);
      expect(new Set(seen.map((item) => item.id))).toEqual(new Set(ids));
      // Newest first; audits made in the same millisecond keep one order (their ids, descending).
      const order = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      expect(seen.map((item) => item.id)).toEqual(order.map((item) => item.id));
      expect(seen.at(-1)!.id).toBe(ids[0]);
      // Another account's list holds none of them, and a cursor is no way in.
      const other = await server.request('GET', '/api/v1/audits?limit=100', { token });
      expect(other.body.items.map((item: { id: string }) => item.id)).not.toEqual(expect.arrayContaining([ids[0]]));
      const first = await server.request('GET', '/api/v1/audits?limit=2', { token: own });
      const theirs = await server.request('GET', `/api/v1/audits?limit=100&cursor=${first.body.nextCursor}`, { token });
      expect(theirs.body.items.some((item: { id: string }) => ids.includes(item.id))).toBe(false);
      expect((await server.request('GET', '/api/v1/audits?cursor=not-a-cursor', { token: own })).status).toBe(400);
    });

    it('works with an API key and needs a caller', async () => {
      const key = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
      expect((await audit(`${host.url}/articles/page.html`, {}, { apiKey: key })).status).toBe(201);
      expect((await audit(`${host.url}/articles/page.html`, {}, {})).status).toBe(401);
    });

    it('refuses a page that redirects to a private address', async () => {
      host.set('/to-private', { redirectTo: 'http://10.0.0.1/admin' });
      const response = await audit(`${host.url}/to-private`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('url_not_allowed');
      expect(response.body.error.message).toContain('page URL');
    });

    it('refuses a private address without fetching it', async () => {
      const response = await audit('http://127.0.0.1:1/');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('url_not_allowed');
    });

    it('answers 413 for a page over 5 MB and 415 for content that is not HTML', async () => {
      host.set('/huge.html', { body: `<html><body>${'a'.repeat(6 * 1024 * 1024)}</body></html>`, contentType: 'text/html' });
      const huge = await audit(`${host.url}/huge.html`);
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('payload_too_large');

      host.set('/data.json', { body: '{"a":1}', contentType: 'application/json' });
      const json = await audit(`${host.url}/data.json`);
      expect(json.status).toBe(415);
      expect(json.body.error.code).toBe('unsupported_media_type');
      expect(json.body.error.message).toContain('application/json');
    });

    it('parses broken HTML the way a browser does', async () => {
      host.set('/broken.html', {
        body: '<div><p>Unclosed <b>tags <img src="/a.png" alt="Boat">< <img src=/b.png alt=\'Quay at night\' <table><tr><td><img src="/c.png"></table',
        contentType: 'text/html',
      });
      const response = await audit(`${host.url}/broken.html`);
      expect(response.status).toBe(201);
      const urls = response.body.images.map((image: { imageUrl: string }) => image.imageUrl);
      expect(urls).toContain(`${host.url}/a.png`);
      expect(urls).toContain(`${host.url}/c.png`);
    });

    it('validates the body: a non-http URL is 400, never a 500', async () => {
      const response = await audit('ftp://example.com/');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    });

    it('suggests alt text for missing and poor images, charging each as a generation', async () => {
      const { token: own } = await registerUser(server);
      host.set('/photo-a.png', { body: await distinctPng(), contentType: 'image/png' });
      host.set('/photo-b.png', { body: await distinctPng(), contentType: 'image/png' });
      host.set('/suggest.html', {
        body: '<h1>Gallery</h1><a href="/next"><img src="/photo-a.png"></a><img src="/photo-b.png" alt="image"><img src="/photo-b.png" alt="A tidy stack of lobster pots"><svg role="img"></svg>',
        contentType: 'text/html',
      });
      const response = await audit(`${host.url}/suggest.html`, { suggest: true }, { token: own });
      expect(response.status).toBe(201);
      const [functional, placeholder, fine, svg] = response.body.images;
      expect(functional.suggestion).toEqual(expect.any(String));
      expect(functional.suggestion.length).toBeGreaterThan(0);
      expect(placeholder.verdict).toBe('poor');
      expect(placeholder.suggestion).toEqual(expect.any(String));
      expect(fine.suggestion).toBeNull();
      expect(svg.suggestion).toBeNull();
      expect(svg.suggestionError.code).toBe('not_describable');
      expect(response.body.summary.suggested).toBe(2);
      // The route says where the quota stands after the two generations, as POST /api/v1/images does.
      const limit = Number(response.headers.get('x-ratelimit-limit'));
      expect(limit).toBeGreaterThan(2);
      expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(limit - 2);
      // A suggestion is alt text, never our own labels or instructions pasted from the context.
      for (const image of response.body.images) {
        expect(image.suggestion ?? '').not.toMatch(/Section heading:|Caption:|Nearby text:|Page title:|only content of a|describe its action/i);
      }
      const history = await server.request('GET', '/api/v1/images', { token: own });
      expect(history.body.items).toHaveLength(2);
    });

    it('replays an audit with the same Idempotency-Key without charging again', async () => {
      const { token: own } = await registerUser(server);
      host.set('/photo-c.png', { body: await distinctPng(), contentType: 'image/png' });
      host.set('/one.html', { body: '<img src="/photo-c.png">', contentType: 'text/html' });
      const send = () =>
        server.request('POST', '/api/v1/audits', { token: own, headers: { 'idempotency-key': 'audit-1' }, body: { url: `${host.url}/one.html`, suggest: true } });
      const first = await send();
      const second = await send();
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      const history = await server.request('GET', '/api/v1/images', { token: own });
      expect(history.body.items).toHaveLength(1);
      expect((await server.request('GET', '/api/v1/audits', { token: own })).body.items).toHaveLength(1);
    });

    it('runs the suggestions of a page with more than 50 images as a bulk job, then fills the audit from its results', async () => {
      const session = await registerUser(server);
      await setPlan(server, session.user.userId, 'pro');
      const own = session.token;
      const images: string[] = [];
      for (let index = 0; index < 60; index += 1) {
        host.set(`/bulk/photo-${index}.png`, { body: await distinctPng(16), contentType: 'image/png' });
        images.push(`<figure><img src="/bulk/photo-${index}.png"><figcaption>Photo ${index} of the regatta</figcaption></figure>`);
      }
      host.set('/bulk.html', { body: `<title>Regatta</title><h1>Regatta</h1>${images.join('')}<img src="/bulk/ok.png" alt="The winning crew lifting the cup"><svg role="img"></svg>`, contentType: 'text/html' });

      const response = await audit(`${host.url}/bulk.html`, { suggest: true }, { token: own });
      expect(response.status).toBe(201);
      const created = auditSchema.parse(response.body);
      expect(created.job).toEqual({ id: expect.any(String), url: `/api/v1/jobs/${created.job!.id}` });
      expect(created.summary).toMatchObject({ images: 62, missing: 61, ok: 1, suggested: 0 });
      // Not sent to the model: an inline SVG has no URL; it is said at once.
      expect(created.images.at(-1)!.suggestionError!.code).toBe('not_describable');

      // The job is the account's own, one item per image, with the image's context.
      const job = await waitForJob(own, created.job!.url);
      expect(job).toMatchObject({ status: 'completed', total: 60, counts: { succeeded: 60, failed: 0 } });
      // The list, read before the audit itself, fills it as that read would: never a summary older than the job.
      expect((await server.request('GET', '/api/v1/audits', { token: own })).body.items[0]).toMatchObject({ id: created.id, summary: { suggested: 60 } });
      const items = await server.request('GET', `${created.job!.url}/results?limit=500`, { token: own });
      expect(items.body.items.map((item: { clientId: string }) => item.clientId)).toEqual(created.images.slice(0, 60).map((image) => String(image.index)));
      expect(items.body.items[7].context).toContain('Photo 7 of the regatta');
      expect(items.body.items[7].context).toContain('Regatta');
      // The page's words only: no labels of ours for a describer to paste.
      expect(items.body.items[7].context).not.toMatch(/Caption:|Section heading:|Page title:/);

      const read = await server.request('GET', `/api/v1/audits/${created.id}`, { token: own });
      expect(read.status).toBe(200);
      const filled = auditSchema.parse(read.body);
      expect(filled.summary.suggested).toBe(60);
      filled.images.slice(0, 60).forEach((image, index) => expect(image.suggestion).toBe(items.body.items[index].result.altText));
      expect(filled.images[60].suggestion).toBeNull();
      // Written once: a later read answers the same, and the list shows the filled summary.
      expect((await server.request('GET', `/api/v1/audits/${created.id}`, { token: own })).body).toEqual(read.body);
      expect((await server.request('GET', '/api/v1/audits', { token: own })).body.items[0]).toMatchObject({ id: created.id, summary: { suggested: 60 }, job: created.job });
      // Each suggestion is charged once, as the job's generation.
      const charged = await server.app.db.selectFrom('usage_events').select('outcome').where('user_id', '=', session.user.userId).where('outcome', '=', 'success').execute();
      expect(charged).toHaveLength(60);

      // Another account sees neither the audit nor its job.
      expect((await server.request('GET', `/api/v1/audits/${created.id}`, { token })).status).toBe(404);
      expect((await server.request('GET', created.job!.url, { token })).status).toBe(404);
      // Sixty images through the job on a busy shared machine: generous.
    }, 120_000);

    it('answers the audit as stored while its job runs', async () => {
      const session = await registerUser(server);
      await setPlan(server, session.user.userId, 'pro');
      host.set('/slow.png', { stall: true });
      host.set('/slow.html', { body: Array.from({ length: 51 }, (_, index) => `<img src="/slow.png?${index}">`).join(''), contentType: 'text/html' });
      const created = (await audit(`${host.url}/slow.html`, { suggest: true }, { token: session.token })).body;
      expect(created.job).not.toBeNull();
      const read = await server.request('GET', `/api/v1/audits/${created.id}`, { token: session.token });
      expect(read.body).toEqual(created);
      const { images: _images, ...listed } = created;
      expect((await server.request('GET', '/api/v1/audits', { token: session.token })).body.items).toEqual([listed]);
      // Cancelled: once its items in flight are over, the images get the reason instead of a suggestion.
      expect((await server.request('POST', `${created.job.url}/cancel`, { token: session.token })).status).toBe(200);
      // (Items already in flight at the cancel fail on their stalled image instead.)
      const job = await waitForJob(session.token, created.job.url);
      const cancelled = auditSchema.parse((await server.request('GET', `/api/v1/audits/${created.id}`, { token: session.token })).body);
      expect(cancelled.summary.suggested).toBe(0);
      const codes = cancelled.images.map((image) => image.suggestionError?.code);
      expect(codes.filter((code) => code === 'cancelled')).toHaveLength(job.counts.cancelled);
      expect(codes.filter((code) => code !== undefined && code !== 'cancelled')).toHaveLength(job.counts.failed);
      expect(job.counts.cancelled + job.counts.failed).toBe(51);
    }, 120_000);

    it('refuses a bulk-job audit on the Free plan and stores nothing', async () => {
      const { token: free } = await registerUser(server);
      const imgs = Array.from({ length: 51 }, (_, index) => `<img src="/many-${index}.png">`).join('');
      host.set('/many.html', { body: imgs, contentType: 'text/html' });
      const response = await audit(`${host.url}/many.html`, { suggest: true }, { token: free });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('plan_forbidden');
      expect(response.body.error.message).toContain('51 images');
      expect((await server.request('GET', '/api/v1/audits', { token: free })).body.items).toEqual([]);
      const without = await audit(`${host.url}/many.html`, {}, { token: free });
      expect(without.status).toBe(201);
      expect(without.body.summary.missing).toBe(51);
      expect(without.body.job).toBeNull();
    });
  });
}
