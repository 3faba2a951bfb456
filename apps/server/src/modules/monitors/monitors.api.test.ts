import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteHost } from '@altwise/test-support/site-host';
import type { WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const POLL = { timeout: 30_000, interval: 50 };

/**
 * The check: a site of 30 pages plus a folder robots.txt disallows (linked from every
 * page and listed in the sitemap). A run counts the 30 pages, never asks for the disallowed ones
 * (the host counts every request), groups the shared logo as one image on 30 pages; a second run
 * after one page's alt changed reports exactly that regression, a third after it was restored
 * reports it fixed.
 */
for (const database of DATABASES) {
  // In order, even in a shuffled run: the later tests read the monitor and runs the first one made.
  describe(`site monitors (${database})`, { shuffle: false }, () => {
    let site: SiteHost;
    let receiver: WebhookReceiver;
    let server: TestServer;
    let token: string;
    let userId: string;
    let monitorId: string;

    beforeAll(async () => {
      site = await startSiteHost(generatedSite({ pages: 30, disallowed: 5, disallowedFolder: '/private/' }));
      receiver = await startWebhookReceiver({ path: '/hooks' });
      server = await startTestServer(database, { PAGE_FETCH_ALLOW: site.hostPort, WEBHOOK_ALLOW: receiver.hostPort, MONITOR_MIN_GAP_MS: '0' });
      const registered = await registerUser(server);
      token = registered.token;
      userId = (await server.app.db.selectFrom('users').select('id').where('email', '=', registered.credentials.email).executeTakeFirstOrThrow()).id;
      // Settings → "Webhook notifications" to the receiver; email notifications are on by default.
      await server.request('POST', '/api/v1/webhooks/secret', { token });
      expect((await server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
      expect((await server.request('PUT', '/api/v1/settings', { token, body: { api: { webhooks: true } } })).status).toBe(200);
    });
    afterAll(async () => {
      await receiver?.close();
      await server?.close();
      await site?.close();
    });

    async function runToEnd(): Promise<any> {
      const started = await server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      expect(started.status).toBe(202);
      expect(['queued', 'running']).toContain(started.body.status);
      const path = `/api/v1/monitors/${monitorId}/runs/${started.body.id}`;
      await expect.poll(async () => (await server.request('GET', path, { token })).body.status, POLL).toMatch(/completed|failed/);
      return (await server.request('GET', path, { token })).body;
    }

    it('crawls the 30 pages, never requests the disallowed folder, and groups the shared logo', async () => {
      const created = await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, schedule: 'manual', maxPages: 50 } });
      expect(created.status).toBe(201);
      monitorId = created.body.id;
      expect(created.body).toMatchObject({ schedule: 'manual', maxPages: 50, nextRunAt: null });

      const run = await runToEnd();
      expect(run).toMatchObject({ status: 'completed', number: 1, pagesCrawled: 30, pagesFailed: 0, distinctImages: 31, occurrences: 60, failing: 0, coverage: 1, comparedWith: null });
      expect(run.findings.disallowed).toBeGreaterThan(0);
      expect(site.hitsUnder('/private/')).toBe(0);
      expect(site.hits('/robots.txt')).toBe(1);
      // Each page once, whether it came from the sitemap or a link.
      expect(site.hits('/page-7.html')).toBe(1);
      // Politeness: never more than two requests in flight to the host.
      expect(site.maxInFlight).toBeLessThanOrEqual(2);

      const images = await server.request('GET', `/api/v1/monitors/${monitorId}/runs/${run.id}/images?limit=2`, { token });
      expect(images.status).toBe(200);
      expect(images.body.total).toBe(31);
      expect(images.body.images[0]).toMatchObject({ imageUrl: `${site.url}/logo.png`, occurrences: 30, pages: 30, failing: 0 });
      expect(images.body.images[1].occurrences).toBe(1);
    });

    const alerts = async () => ({
      webhooks: (await server.app.db.selectFrom('webhook_deliveries').select('event').where('user_id', '=', userId).where('event', '=', 'monitor.regressed').execute()).length,
      mails: (await server.app.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).where('kind', '=', 'monitor-regressed').execute()).length,
    });

    it('reports exactly the one regression after one page lost its alt, then it fixed', async () => {
      expect(await alerts()).toEqual({ webhooks: 0, mails: 0 });
      const original = site.page('/page-7.html')!;
      site.setPage('/page-7.html', { ...original, images: [original.images![0]!, { src: original.images![1]!.src }] });
      const second = await runToEnd();
      expect(second).toMatchObject({ status: 'completed', number: 2, pagesCrawled: 30, occurrences: 60, failing: 1, regressed: 1, fixed: 0, new: 0, removed: 0, unchanged: 59 });
      expect(second.changes).toEqual([
        expect.objectContaining({ kind: 'regressed', pageUrl: `${site.url}/page-7.html`, before: expect.objectContaining({ verdict: 'ok' }), after: expect.objectContaining({ verdict: 'missing' }) }),
      ]);
      expect(second.rules).toEqual({ 'missing-alt': 1 });
      expect(second.coverage).toBeCloseTo(59 / 60, 4);
      // One alert per run that regressed, by webhook and by mail.
      expect(await alerts()).toEqual({ webhooks: 1, mails: 1 });
      await expect.poll(() => receiver.received.length, POLL).toBe(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'monitor.regressed', data: { regressed: 1, failing: 1, run: { id: second.id, number: 2 } } });
      const failing = await server.request('GET', `/api/v1/monitors/${monitorId}/runs/${second.id}/images?failing=true`, { token });
      expect(failing.body.images).toEqual([expect.objectContaining({ imageUrl: `${site.url}/photos/photo-7.png`, failing: 1 })]);
      // The rule filter (the monitor page's "Rule" select): the image breaking it, none for a rule nobody broke.
      const byRule = async (rule: string) => (await server.request('GET', `/api/v1/monitors/${monitorId}/runs/${second.id}/images?rule=${rule}`, { token })).body;
      expect(await byRule('missing-alt')).toEqual({ total: 1, images: [expect.objectContaining({ imageUrl: `${site.url}/photos/photo-7.png`, occurrences: 1 })] });
      expect((await byRule('too-long')).total).toBe(0);
      expect((await server.request('GET', `/api/v1/monitors/${monitorId}/runs/${second.id}/images?rule=a%25`, { token })).status).toBe(400);

      site.setPage('/page-7.html', original);
      const third = await runToEnd();
      expect(third).toMatchObject({ number: 3, failing: 0, regressed: 0, fixed: 1, unchanged: 59, comparedWith: second.id });
      expect(await alerts()).toEqual({ webhooks: 1, mails: 1 });
      expect(site.hitsUnder('/private/')).toBe(0);

      const trend = await server.request('GET', `/api/v1/monitors/${monitorId}/trend`, { token });
      expect(trend.body.points.map((point: any) => [point.number, point.failing, point.regressed])).toEqual([
        [1, 0, 0],
        [2, 1, 1],
        [3, 0, 0],
      ]);
      const runs = await server.request('GET', `/api/v1/monitors/${monitorId}/runs`, { token });
      expect(runs.body.runs.map((run: any) => run.number)).toEqual([3, 2, 1]);
    });

    it("answers 404 for another account's monitor and its runs, and keeps the plan's limits", async () => {
      const other = await registerUser(server);
      const runs = await server.request('GET', `/api/v1/monitors/${monitorId}/runs`, { token });
      const runId = runs.body.runs[0].id;
      for (const path of [`/api/v1/monitors/${monitorId}`, `/api/v1/monitors/${monitorId}/runs/${runId}`, `/api/v1/monitors/${monitorId}/trend`]) {
        expect((await server.request('GET', path, { token: other.token })).status).toBe(404);
      }
      expect((await server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token: other.token })).status).toBe(404);
      expect((await server.request('DELETE', `/api/v1/monitors/${monitorId}`, { token: other.token })).status).toBe(404);
      // Free: three monitors, 100 pages per run, ten runs a day (three used above, seven more recorded here).
      for (const _more of [1, 2]) expect((await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, maxPages: 10 } })).status).toBe(201);
      const refused = await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/`, maxPages: 10 } });
      expect([refused.status, refused.body.error.message]).toEqual([403, 'The Free plan keeps at most 3 monitors; upgrade for more.']);
      // More pages per run than the plan's are lowered to them, visibly.
      const lowered = await server.request('POST', '/api/v1/monitors', { token: other.token, body: { url: `${site.url}/`, maxPages: 5000 } });
      expect([lowered.status, lowered.body.maxPages]).toEqual([201, 100]);
      const earlier = await server.app.db.selectFrom('monitor_runs').selectAll().where('monitor_id', '=', monitorId).orderBy('number', 'desc').executeTakeFirstOrThrow();
      for (let number = 4; number <= 10; number += 1) {
        await server.app.db.insertInto('monitor_runs').values({ ...earlier, id: `${earlier.id}-${number}`, number }).execute();
      }
      const tooMany = await server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      expect([tooMany.status, tooMany.body.error.message]).toEqual([429, 'The Free plan allows 10 monitor runs per day.']);
      const bad = await server.request('POST', '/api/v1/monitors', { token: other.token, body: { url: `${site.url}/`, schedule: '* * * * *' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].field).toBe('schedule');
      const patched = await server.request('PATCH', `/api/v1/monitors/${monitorId}`, { token, body: { schedule: 'weekly' } });
      expect(patched.body.nextRunAt).not.toBeNull();
      expect((await server.request('DELETE', `/api/v1/monitors/${monitorId}`, { token })).status).toBe(200);
      expect((await server.request('GET', `/api/v1/monitors/${monitorId}`, { token })).status).toBe(404);
    });
  });
}

/** Retention: runs beyond the plan's kept ones lose their pages and images, never their figures. */
for (const database of DATABASES) {
  describe(`monitor retention (${database})`, () => {
    let site: SiteHost;
    let server: TestServer;
    beforeAll(async () => {
      site = await startSiteHost(generatedSite({ pages: 3 }));
      server = await startTestServer(database, { PAGE_FETCH_ALLOW: site.hostPort, MONITOR_MIN_GAP_MS: '0' });
    });
    afterAll(async () => {
      await server?.close();
      await site?.close();
    });

    it("keeps the images of the Free plan's last 4 completed runs, and every run's figures", async () => {
      const { token } = await registerUser(server);
      const monitor = (await server.request('POST', '/api/v1/monitors', { token, body: { url: `${site.url}/` } })).body;
      const ids: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const started = await server.request('POST', `/api/v1/monitors/${monitor.id}/runs`, { token });
        const path = `/api/v1/monitors/${monitor.id}/runs/${started.body.id}`;
        await expect.poll(async () => (await server.request('GET', path, { token })).body.status, POLL).toBe('completed');
        ids.push(started.body.id);
      }
      expect(await server.app.lifecycle.sweep()).toBe(true);
      const images = async (runId: string) => (await server.request('GET', `/api/v1/monitors/${monitor.id}/runs/${runId}/images`, { token })).body.total;
      expect(await Promise.all(ids.map(images))).toEqual([0, 4, 4, 4, 4]);
      const first = (await server.request('GET', `/api/v1/monitors/${monitor.id}/runs/${ids[0]}`, { token })).body;
      expect(first).toMatchObject({ status: 'completed', pagesCrawled: 3, distinctImages: 4, occurrences: 6 });
      expect((await server.request('GET', `/api/v1/monitors/${monitor.id}/trend`, { token })).body.points).toHaveLength(5);
    });
  });
}
