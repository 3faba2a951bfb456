import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedSite, startSiteHost } from '@altwise/test-support/site-host';
import { expectFocused, expectToast, shot, tabTo } from './screen-helpers';
import { expectNoAxeViolations, registerViaApi, signInAs, useE2EEnvironment } from './support';

// A loopback site of 8 pages sharing a logo, plus a folder robots.txt disallows; the server may crawl it.
const site = await startSiteHost(generatedSite({ pages: 8, disallowed: 2, disallowedFolder: '/private/' }));
const original = site.page('/page-3.html')!;
const env = useE2EEnvironment({ PAGE_FETCH_ALLOW: site.hostPort });
afterAll(() => site.close());

/** Moves the pointer off the page, so a hover colour is not what axe measures. */
const rest = (page: Page) => page.mouse.move(0, 0);
const latestRun = (page: Page, text: RegExp) => page.getByRole('status').filter({ hasText: text }).first().waitFor({ timeout: 60_000 });

/** The rows of the trend chart's data table (visually hidden, read by screen readers), cells as text. */
async function trendTable(page: Page): Promise<string[][]> {
  const table = page.getByRole('table', { name: 'Coverage and failures over time' });
  await table.waitFor({ state: 'attached' });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(layout.scroll).toBeLessThanOrEqual(layout.client);
}

describe.each([
  { theme: 'light', width: 1280, height: 800 },
  { theme: 'dark', width: 1280, height: 800 },
  { theme: 'light', width: 390, height: 844 },
  { theme: 'dark', width: 390, height: 844 },
] as const)('Site monitors ($theme, $width px)', ({ theme, width, height }) => {
  it('creates a monitor and runs it by keyboard, shows the trend with its data table, what changed and the filters, with no axe violations', async () => {
    site.setPage('/page-3.html', original);
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ viewport: { width, height } });
    await signInAs(page, registered, '/app/monitors', { theme });
    await page.getByRole('heading', { level: 1, name: 'Site monitors' }).waitFor();
    await page.getByText(/No monitors yet/).waitFor();
    await rest(page);
    await expectNoAxeViolations(page, `/app/monitors (${theme}, ${width})`);

    // Keyboard only: the form, then Run now on the monitor's page.
    await tabTo(page, page.getByLabel('Site URL'));
    await page.keyboard.type(`${site.url}/`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expectFocused(page.getByLabel('Pages per run'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/monitors\/[^/]+$/);
    const heading = page.getByRole('heading', { level: 1, name: 'Site monitor' });
    await heading.waitFor();
    await expectFocused(heading);
    await page.getByText('No run yet. Press Run now to crawl the site.').waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Run now' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'success', 'Run started');
    await latestRun(page, /Run 1, completed .*: 8 pages, 9 images, 0 failing/);
    expect(site.hitsUnder('/private/')).toBe(0);
    expect(await trendTable(page)).toEqual([['Run 1', expect.any(String), '100%', '0', '0', '8']]);
    await page.getByText('Run 1 is the first: every image is new. The next run is compared with it.').waitFor();
    // The shared logo is one image on the 8 pages.
    await page.getByTestId('monitor-image').first().getByText('8 occurrences on 8 pages').waitFor();
    await rest(page);
    await expectNoAxeViolations(page, `monitor after one run (${theme}, ${width})`);

    // One page loses its photo's alt: the second run reports exactly that regression.
    site.setPage('/page-3.html', { ...original, images: [original.images![0]!, { src: original.images![1]!.src }] });
    const runNow = page.getByRole('button', { name: 'Run now' });
    await expect.poll(() => runNow.isEnabled()).toBe(true);
    await tabTo(page, runNow);
    await page.keyboard.press('Enter');
    await latestRun(page, /Run 2, completed .*: 8 pages, 9 images, 1 failing/);
    await expect.poll(() => trendTable(page)).toEqual([
      ['Run 1', expect.any(String), '100%', '0', '0', '8'],
      ['Run 2', expect.any(String), '93.8%', '1', '1', '8'],
    ]);
    const chart = page.getByRole('img', { name: 'Coverage and failures over time, line chart' });
    expect(await chart.evaluate((svg) => document.getElementById(svg.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
      'Over 2 completed runs, coverage went from 100% (run 1) to 93.8% (run 2); failing occurrences from 0 to 1.',
    );
    const regressed = page.getByTestId('changes-regressed');
    await regressed.getByText(`${site.url}/page-3.html`).waitFor();
    await regressed.getByText(/Was ok \(“Cyclists crossing the old stone bridge at dawn, stage 3”\), now missing \(no text alternative\)/).waitFor();

    // Filters, by keyboard: failing only (Space), then the rule.
    const images = page.getByTestId('monitor-image');
    await expect.poll(() => images.count()).toBe(9);
    await tabTo(page, page.getByLabel('Failing only'));
    await page.keyboard.press('Space');
    await expect.poll(() => images.count()).toBe(1);
    await images.getByText(`${site.url}/photos/photo-3.png`).waitFor();
    await page.getByLabel('Rule').selectOption('missing-alt');
    // The rule alone (failing only unticked again) still keeps just that image of the nine.
    const ruleOnly = page.waitForResponse((response) => response.url().includes('rule=missing-alt') && !response.url().includes('failing=true'));
    await page.getByLabel('Failing only').focus();
    await page.keyboard.press('Space');
    await ruleOnly;
    await page.getByText('1 image', { exact: true }).waitFor();
    expect(await images.count()).toBe(1);
    await tabTo(page, page.getByRole('radio', { name: 'All' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('monitor-page').count()).toBe(8);
    await rest(page);
    await expectNoAxeViolations(page, `monitor after a regression (${theme}, ${width})`);
    await expectNoSidewaysScroll(page);
    await shot(page, `monitor-${theme}-${width}`);

    // Back to the list, and delete the monitor after confirming; focus returns to the list's heading.
    await page.getByRole('link', { name: 'All monitors' }).click();
    await page.getByRole('heading', { level: 1, name: 'Site monitors' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: `Delete the monitor of ${site.url}/` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this monitor?' });
    await dialog.waitFor();
    await rest(page);
    await expectNoAxeViolations(page, `delete dialog (${theme}, ${width})`);
    await tabTo(page, dialog.getByRole('button', { name: 'Delete monitor' }), 5);
    await page.keyboard.press('Enter');
    await page.getByText(/No monitors yet/).waitFor();
    await expectFocused(page.getByRole('heading', { level: 2, name: 'Your monitors' }));
    await expectNoSidewaysScroll(page);
  });
});
