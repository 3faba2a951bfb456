// Issue 37, "Alerts" (coverage) and "Fix": a run whose coverage falls below the monitor's threshold
// alerts once per run; a run's failing images become one bulk job (each with its page's words and
// purpose), asked again it is the same job; what a person approved in its review queue comes back as
// a fix list per page (JSON and CSV, cells safe for spreadsheets); the run's HTML report escapes the
// site's texts. Another account's run is a 404 everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import type { WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';

const POLL = { timeout: 30_000, interval: 50 };
const HOSTILE_TITLE = '<script>alert("x")</script> Shop & more';

/**
 * Four pages, each with the shared logo (alt "Acme") and a photo. Failing: page 1's and page 3's
 * photo (the same picture, no alt), page 2's photo (no alt) and its cart icon, a link's only
 * content without a name. 9 occurrences, 4 failing, 3 distinct failing images (the cart one with
 * the link as its purpose). Each failing picture has bytes of its own, so the job describes each.
 */
async function site(): Promise<SiteHost> {
  const spec = generatedSite({ pages: 4 });
  spec.pages['/page-1.html'] = { ...spec.pages['/page-1.html']!, title: HOSTILE_TITLE, images: [{ src: '/logo.png', alt: 'Acme' }, { src: '/photos/shared.png' }] };
  spec.pages['/page-2.html'] = { ...spec.pages['/page-2.html']!, images: [{ src: '/logo.png', alt: 'Acme' }, { src: '/photos/photo-2.png' }], html: '<p><a href="/cart"><img src="/cart.png"></a></p>' };
  spec.pages['/page-3.html'] = { ...spec.pages['/page-3.html']!, images: [{ src: '/logo.png', alt: 'Acme' }, { src: '/photos/shared.png' }] };
  spec.raw = {};
  for (const path of ['/photos/shared.png', '/photos/photo-2.png', '/cart.png']) spec.raw[path] = { body: await distinctPng(24), contentType: 'image/png' };
  return startSiteHost(spec);
}

for (const database of DATABASES) {
  // In order, even in a shuffled run: the later tests fix and report the runs the first one made.
  describe(`monitor alerts on coverage, fixes and report (${database})`, { shuffle: false }, () => {
    let host: SiteHost;
    let receiver: WebhookReceiver;
    let env: JobsTestEnv;
    let token: string;
    let userId: string;
    let monitorId: string;
    let runId: string;
    let secondRunId: string;

    beforeAll(async () => {
      host = await site();
      receiver = await startWebhookReceiver({ path: '/hooks' });
      env = await startJobsEnv(database, { webhookAllow: [receiver.hostPort], env: { PAGE_FETCH_ALLOW: host.hostPort, IMAGE_FETCH_ALLOW: host.hostPort, MONITOR_MIN_GAP_MS: '0' } });
      ({ token, userId } = await env.proUser());
      await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      expect((await env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
      expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { api: { webhooks: true } } })).status).toBe(200);
    });
    afterAll(async () => {
      await env?.close();
      await receiver?.close();
      await host?.close();
    });

    async function runToEnd(): Promise<any> {
      const started = await env.server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      expect(started.status).toBe(202);
      const path = `/api/v1/monitors/${monitorId}/runs/${started.body.id}`;
      await expect.poll(async () => (await env.server.request('GET', path, { token })).body.status, POLL).toMatch(/completed|failed/);
      return (await env.server.request('GET', path, { token })).body;
    }

    const alerts = async () => ({
      webhooks: (await env.server.app.db.selectFrom('webhook_deliveries').select('event').where('user_id', '=', userId).where('event', '=', 'monitor.regressed').execute()).length,
      mails: (await env.server.app.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).where('kind', '=', 'monitor-regressed').execute()).length,
    });

    it('alerts once per run while coverage is below the threshold, and not once it is not', async () => {
      const created = await env.server.request('POST', '/api/v1/monitors', { token, body: { url: `${host.url}/`, maxPages: 10, coverageThreshold: 0.9 } });
      expect(created.status).toBe(201);
      expect(created.body.coverageThreshold).toBe(0.9);
      monitorId = created.body.id;

      const first = await runToEnd();
      expect(first).toMatchObject({ status: 'completed', pagesCrawled: 4, occurrences: 9, failing: 4, regressed: 0 });
      runId = first.id;
      // No regression (it is the first run): the coverage alone alerts, by webhook and by mail.
      expect(await alerts()).toEqual({ webhooks: 1, mails: 1 });
      await expect.poll(() => receiver.received.length, POLL).toBe(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'monitor.regressed', data: { reasons: ['coverage'], regressed: 0, failing: 4, coverageThreshold: 0.9, run: { id: first.id } } });
      const mail = await env.server.app.db.selectFrom('mail_outbox').select(['subject']).where('user_id', '=', userId).where('kind', '=', 'monitor-regressed').executeTakeFirstOrThrow();
      expect(mail.subject).toContain('coverage fell below 90%');

      secondRunId = (await runToEnd()).id;
      expect(await alerts()).toEqual({ webhooks: 2, mails: 2 });

      const patched = await env.server.request('PATCH', `/api/v1/monitors/${monitorId}`, { token, body: { coverageThreshold: 0.5 } });
      expect(patched.body.coverageThreshold).toBe(0.5);
      const third = await runToEnd();
      expect(third.coverage).toBeCloseTo(5 / 9, 4);
      expect(await alerts()).toEqual({ webhooks: 2, mails: 2 });
      const cleared = await env.server.request('PATCH', `/api/v1/monitors/${monitorId}`, { token, body: { coverageThreshold: null } });
      expect(cleared.body.coverageThreshold).toBeNull();
    });

    it("makes one job of the run's distinct failing images, the same job when asked again", async () => {
      const path = `/api/v1/monitors/${monitorId}/runs/${runId}`;
      expect((await env.server.request('GET', `${path}/fixes`, { token })).body).toEqual({ jobId: null, pages: [], total: 0 });
      const made = await env.server.request('POST', `${path}/fix`, { token });
      expect(made.status).toBe(202);
      expect(made.body.total).toBe(3);
      const again = await env.server.request('POST', `${path}/fix`, { token });
      expect([again.status, again.body.id]).toEqual([200, made.body.id]);

      const done = await env.waitFor(token, made.body.id);
      expect(done).toMatchObject({ status: 'completed', counts: { succeeded: 3 } });
      const items = (await env.server.request('GET', `/api/v1/jobs/${done.id}/results`, { token })).body.items as any[];
      const byUrl = new Map(items.map((item) => [item.imageUrl, item]));
      expect([...byUrl.keys()].sort()).toEqual([`${host.url}/cart.png`, `${host.url}/photos/photo-2.png`, `${host.url}/photos/shared.png`]);
      // Each with its page's words, and the link the cart icon is the only content of.
      expect(byUrl.get(`${host.url}/photos/photo-2.png`).context).toContain('Page 2');
      expect(byUrl.get(`${host.url}/cart.png`).purpose).toMatchObject({ kind: 'link', href: expect.stringContaining('/cart') });
      expect(byUrl.get(`${host.url}/photos/photo-2.png`).purpose).toBeUndefined();

      // Nothing approved yet: no fix.
      expect((await env.server.request('GET', `${path}/fixes?format=json`, { token })).body).toMatchObject({ jobId: done.id, pages: [], total: 0 });
      const shared = byUrl.get(`${host.url}/photos/shared.png`);
      expect((await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/${shared.id}`, { token, body: { status: 'approved' } })).status).toBe(200);
      const edited = '=HYPERLINK("https://evil.example","Cyclists")';
      const photo = byUrl.get(`${host.url}/photos/photo-2.png`);
      expect((await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/${photo.id}`, { token, body: { status: 'approved', altText: edited } })).status).toBe(200);
      const cart = byUrl.get(`${host.url}/cart.png`);
      expect((await env.server.request('PATCH', `/api/v1/jobs/${done.id}/results/${cart.id}`, { token, body: { status: 'rejected' } })).status).toBe(200);

      const fixes = (await env.server.request('GET', `${path}/fixes`, { token })).body;
      expect(fixes.total).toBe(3);
      expect(fixes.pages.map((page: any) => [page.pageUrl, page.fixes.map((fix: any) => [fix.imageUrl, fix.currentAlt, fix.suggestedAlt])])).toEqual([
        [`${host.url}/page-1.html`, [[`${host.url}/photos/shared.png`, null, shared.result.altText]]],
        [`${host.url}/page-2.html`, [[`${host.url}/photos/photo-2.png`, null, edited]]],
        [`${host.url}/page-3.html`, [[`${host.url}/photos/shared.png`, null, shared.result.altText]]],
      ]);
      expect(fixes.pages[0].fixes[0].location).toEqual(expect.any(String));

      const csv = await env.server.request('GET', `${path}/fixes?format=csv`, { token });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = (csv.body as string).trim().split('\r\n');
      expect(lines[0]).toBe('page_url,location,selector,image_url,current_alt,suggested_alt');
      expect(lines).toHaveLength(4);
      // The edited text starts with "=": defused, never a formula in a spreadsheet.
      expect(lines[2]).toContain(`"'=HYPERLINK(""https://evil.example"",""Cyclists"")"`);
      expect(lines[2]).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
    });

    it('keeps one job when two requests ask for the same run at once', async () => {
      const path = `/api/v1/monitors/${monitorId}/runs/${secondRunId}/fix`;
      const [first, second] = await Promise.all([env.server.request('POST', path, { token }), env.server.request('POST', path, { token })]);
      expect(first.body.id).toBe(second.body.id);
      expect([first.status, second.status].sort()).toEqual([200, 202]);
      const recorded = await env.server.app.db.selectFrom('monitor_runs').select('fix_job_id').where('id', '=', secondRunId).executeTakeFirstOrThrow();
      expect(recorded.fix_job_id).toBe(first.body.id);
      expect((await env.server.request('POST', path, { token })).body.id).toBe(first.body.id);
    });

    it('reports the run as dated, printable HTML with every text of the site escaped', async () => {
      const report = await env.server.request('GET', `/api/v1/monitors/${monitorId}/runs/${runId}/report.html`, { token });
      expect(report.status).toBe(200);
      expect(report.headers.get('content-type')).toContain('text/html');
      expect(report.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = report.body as string;
      expect(html).not.toContain('<script');
      // The page's title twice, escaped: naming its page, and in its image's location (under its heading).
      expect(html.split('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Shop &amp; more').length - 1).toBe(2);
      expect(html).toMatch(/<time datetime="[^"]+">\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC<\/time>/);
      expect(html).toContain('class="table-scroll" role="region"');
      expect(html).toContain('@media print');
      expect(html).toContain(`${host.url}/page-2.html`);
    });

    it("answers 404 for another account's run, and 409 before a run completed", async () => {
      const other = await registerUser(env.server);
      const path = `/api/v1/monitors/${monitorId}/runs/${runId}`;
      expect((await env.server.request('POST', `${path}/fix`, { token: other.token })).status).toBe(404);
      expect((await env.server.request('GET', `${path}/fixes`, { token: other.token })).status).toBe(404);
      expect((await env.server.request('GET', `${path}/fixes?format=csv`, { token: other.token })).status).toBe(404);
      expect((await env.server.request('GET', `${path}/report.html`, { token: other.token })).status).toBe(404);
      const queued = await env.server.app.db.selectFrom('monitor_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
      await env.server.app.db.insertInto('monitor_runs').values({ ...queued, id: `${runId}-queued`, number: 99, status: 'running', fix_job_id: null, lease_owner: 'elsewhere', lease_until: Date.now() + 3_600_000 }).execute();
      const refused = await env.server.request('POST', `/api/v1/monitors/${monitorId}/runs/${runId}-queued/fix`, { token });
      expect(refused.status).toBe(409);
    });
  });
}
