import { afterAll, describe, expect, it } from 'vitest';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import { expectNoAxeViolations, registerViaApi, useE2EEnvironment } from './support';

// A monitored site whose page 2 has a photo without alt and a title that is markup: the run's HTML
// report (issue 37) is read on a phone and on a desktop, in the reader's light or dark preference.
const spec = generatedSite({ pages: 3 });
spec.pages['/page-2.html'] = { ...spec.pages['/page-2.html']!, title: '<b>Offers</b> for the whole summer season, with a very long title', images: [{ src: '/logo.png', alt: 'Acme' }, { src: '/photos/a-rather-long-file-name-for-the-summer-offers-banner-photo.png' }] };
const site = await startSiteHost(spec);
const env = useE2EEnvironment({ PAGE_FETCH_ALLOW: site.hostPort, MONITOR_MIN_GAP_MS: '0' });
afterAll(() => site.close());

describe.each([
  { colorScheme: 'light', width: 390 },
  { colorScheme: 'dark', width: 390 },
  { colorScheme: 'light', width: 1280 },
] as const)('Monitor run report ($colorScheme, $width px)', ({ colorScheme, width }) => {
  it('fits the screen, its tables scroll in named regions, and axe finds nothing', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const auth = { Authorization: `Bearer ${registered.auth.token}`, 'Content-Type': 'application/json' };
    const monitor = (await (await fetch(`${env.baseUrl}/api/v1/monitors`, { method: 'POST', headers: auth, body: JSON.stringify({ url: `${site.url}/`, maxPages: 10 }) })).json()) as { id: string };
    const run = (await (await fetch(`${env.baseUrl}/api/v1/monitors/${monitor.id}/runs`, { method: 'POST', headers: { Authorization: auth.Authorization } })).json()) as { id: string };
    const runUrl = `${env.baseUrl}/api/v1/monitors/${monitor.id}/runs/${run.id}`;
    await expect.poll(async () => ((await (await fetch(runUrl, { headers: auth })).json()) as { status: string }).status, { timeout: 60_000, interval: 100 }).toBe('completed');
    const html = await (await fetch(`${runUrl}/report.html`, { headers: auth })).text();

    const page = await env.newPage({ viewport: { width, height: width > 500 ? 800 : 844 } });
    await page.emulateMedia({ colorScheme });
    await page.setContent(html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole('region', { name: 'Failing images by page (scrolls sideways on narrow screens)' }).waitFor();
    await page.getByText('<b>Offers</b> for the whole summer season', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page, `monitor run report (${colorScheme}, ${width} px)`);
    // Printed, the table is whole: no scrolling region cuts it.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.table-scroll').first().evaluate((element) => getComputedStyle(element).overflowX)).toBe('visible');
  });
});
