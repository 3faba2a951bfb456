// The SDK's way from a monitor run to its fixes (issue 37): the run's fix job, the fix list once a
// suggestion is approved (as JSON and as CSV) and the HTML report, against a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Altwise, AltwiseError } from '@altwise/sdk';
import { distinctPng, setPlan, startAltTextEnv } from '@altwise/server/alt-text-test-support';
import type { AltTextTestEnv } from '@altwise/server/alt-text-test-support';
import { registerUser } from '@altwise/server/test-support/test-server';
import type { SiteHost } from '@altwise/test-support/site-host';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';

describe('@altwise/sdk monitor fixes against a real server', () => {
  let site: SiteHost;
  let env: AltTextTestEnv;
  let session: { token: string; apiKey: string };

  beforeAll(async () => {
    // Two pages; page 1's photo has no alt: one failing image.
    const spec = generatedSite({ pages: 2 });
    spec.pages['/page-1.html'] = { ...spec.pages['/page-1.html']!, images: [{ src: '/logo.png', alt: 'Acme' }, { src: '/photos/photo-1.png' }] };
    spec.raw = { '/photos/photo-1.png': { body: await distinctPng(), contentType: 'image/png' } };
    site = await startSiteHost(spec);
    env = await startAltTextEnv('sqlite', { env: { PAGE_FETCH_ALLOW: site.hostPort, IMAGE_FETCH_ALLOW: site.hostPort, MONITOR_MIN_GAP_MS: '0' } });
    const registered = await registerUser(env.server);
    await setPlan(env.server, registered.user.userId, 'pro');
    session = { token: registered.token, apiKey: (await env.server.request('POST', '/api/v1/api-keys', { token: registered.token, body: {} })).body.apiKey };
  });
  afterAll(async () => {
    await env?.close();
    await site?.close();
  });

  it('makes the fix job once, lists the approved fix per page, and fetches the report', async () => {
    const altwise = new Altwise({ apiKey: session.apiKey, baseUrl: env.server.url });
    const monitor = await altwise.monitors.create({ url: `${site.url}/`, maxPages: 5, coverageThreshold: 0.8 });
    expect(monitor.coverageThreshold).toBe(0.8);
    const queued = await altwise.monitors.run(monitor.id);
    const run = await altwise.monitors.waitForRun(monitor.id, queued.id, { intervalMs: 50, timeoutMs: 30_000 });
    expect(run).toMatchObject({ status: 'completed', failing: 1 });

    const job = await altwise.monitors.fix(monitor.id, run.id);
    expect(job.total).toBe(1);
    expect((await altwise.monitors.fix(monitor.id, run.id)).id).toBe(job.id);
    expect(await altwise.monitors.fixes(monitor.id, run.id)).toEqual({ jobId: job.id, pages: [], total: 0 });

    await altwise.jobs.waitFor(job.id, { intervalMs: 50, timeoutMs: 30_000 });
    const [item] = (await altwise.jobs.results(job.id)).items;
    // This server has no vision model: the suggestion is a draft, which a person approves one by one.
    expect((await env.server.request('PATCH', `/api/v1/jobs/${job.id}/results/${item!.id}`, { token: session.token, body: { status: 'approved', altText: 'A red bicycle leaning on a fence' } })).status).toBe(200);
    const fixes = await altwise.monitors.fixes(monitor.id, run.id);
    expect(fixes.pages).toEqual([{ pageUrl: `${site.url}/page-1.html`, fixes: [expect.objectContaining({ imageUrl: `${site.url}/photos/photo-1.png`, currentAlt: null, suggestedAlt: 'A red bicycle leaning on a fence' })] }]);
    const csv = await altwise.monitors.fixesCsv(monitor.id, run.id);
    expect(csv.split('\r\n')[1]).toContain('A red bicycle leaning on a fence');
    const report = await altwise.monitors.report(monitor.id, run.id);
    expect(report).toMatch(/^<!doctype html>/);
    expect(report).toContain('Coverage threshold');

    const stranger = await registerUser(env.server);
    const strangerKey = (await env.server.request('POST', '/api/v1/api-keys', { token: stranger.token, body: {} })).body.apiKey;
    const error = await new Altwise({ apiKey: strangerKey, baseUrl: env.server.url }).monitors.report(monitor.id, run.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AltwiseError);
    expect((error as AltwiseError).status).toBe(404);
  });
});
