import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, registerViaApi, screenshot, signInAs, useE2EEnvironment } from './support';
import type { RegisteredAccount } from './support';

// E2E_WEB_DIST_DIR: serve a snapshot build instead of apps/web/dist (which a parallel build may replace mid-run).
const env = useE2EEnvironment(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {});

/** POST /api/v1/api-keys with the account's bearer token; returns the new key. */
async function createApiKey(registered: RegisteredAccount): Promise<string> {
  const response = await fetch(`${env.baseUrl}/api/v1/api-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${registered.auth.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({}),
  });
  const body = (await response.json()) as { apiKey: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.apiKey;
}

/** `count` generations through the public API with an API key (the same image: cached after the first). */
async function generate(apiKey: string, count: number): Promise<void> {
  const imageUrl = env.imageHost.url('sunny-meadow.png');
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(`${env.baseUrl}/api/v1/images`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ imageUrl }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

/** The value shown on a stat card, by its label. */
const statValue = (page: Page, label: string) =>
  page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();

/** Body rows of a chart's visually hidden data table, found by its caption. */
const tableRows = (page: Page, caption: string) => page.getByRole('table', { name: caption }).locator('tbody tr');

describe('dashboard and usage with live data', () => {
  it('shows live numbers on the dashboard stat cards and charts', async () => {
    const registered = await registerViaApi(env.baseUrl, { firstName: 'Ada', lastName: 'Lovelace' });
    const apiKey = await createApiKey(registered);
    await generate(apiKey, 3);

    const page = await env.newPage();
    await signInAs(page, registered, '/app/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await expect.poll(() => statValue(page, 'Total Requests').textContent()).toBe('3');
    await expect.poll(() => statValue(page, 'Success Rate').textContent()).toBe('100%');
    await expect.poll(() => statValue(page, 'Active API Keys').textContent()).toBe('1');
    await expect.poll(() => statValue(page, 'Current Plan').textContent()).toBe('Free');

    // The weekly chart: 7 days, today's 3 requests in the last one; the doughnut: 3 used, 497 left.
    await expect.poll(() => tableRows(page, 'Weekly usage').count()).toBe(7);
    expect(await tableRows(page, 'Weekly usage').last().locator('td').textContent()).toBe('3');
    const daily = page.getByRole('table', { name: 'Daily usage' });
    expect(await daily.locator('tbody tr').allTextContents()).toEqual(['Used3', 'Remaining497']);
    await page.getByRole('img', { name: 'Weekly usage, line chart' }).waitFor();
    await page.getByRole('img', { name: 'API performance, bar chart' }).waitFor();
    await page.getByText('All systems operational').waitFor();

    // One more generation shows up on the next visit.
    await generate(apiKey, 1);
    await page.reload();
    await expect.poll(() => statValue(page, 'Total Requests').textContent()).toBe('4');

    // A quick action goes through its short path to the screen.
    await page.getByRole('link', { name: /View Usage/ }).click();
    await page.waitForURL('**/app/usage');
    await page.getByRole('heading', { level: 1, name: 'Usage & Analytics' }).waitFor();
  });

  it('refetches the usage screen with the chosen range and the charts change', async () => {
    const registered = await registerViaApi(env.baseUrl);
    await generate(await createApiKey(registered), 2);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/usage');

    await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(7);
    expect(await page.getByRole('radio', { name: '7d' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => statValue(page, 'Total Requests Today').textContent()).toBe('2');
    // The tokens series: this server runs the offline describer, which calls no model and reports none.
    expect(await tableRows(page, 'Tokens').count()).toBe(7);
    await page.getByText('No tokens reported in the last 7 days.').waitFor();
    await page.getByText('Tokens are as the vision provider reported them. Answers from the cache and the offline describer (drafts) report none.').waitFor();

    const asked24h = page.waitForRequest((request) => request.url().includes('/api/v1/usage?range=24h'));
    await page.getByRole('radio', { name: '24h' }).click();
    await asked24h;
    await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(24);
    await expect.poll(() => tableRows(page, 'Response time').count()).toBe(24);
    expect(await page.getByRole('radio', { name: '24h' }).getAttribute('aria-checked')).toBe('true');
    expect(new URL(page.url()).searchParams.get('range')).toBe('24h');
    const status = page.getByRole('table', { name: 'Request status' });
    expect(await status.locator('tbody tr').allTextContents()).toEqual(['Successful2', 'Failed0', 'Throttled0']);

    // Keyboard: arrow keys move the choice and refetch too.
    await page.getByRole('radio', { name: '24h' }).focus();
    await page.keyboard.press('End');
    await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(90);
    // Held like a finger holds a key (Radix checks the focused item only while the arrow is down).
    await page.keyboard.press('ArrowLeft', { delay: 50 });
    await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(30);

    // Plan usage: the hourly bar with its local reset time, the daily one resetting at midnight.
    const hourly = page.getByRole('progressbar', { name: 'Hourly usage' });
    expect(await hourly.getAttribute('aria-valuetext')).toBe('2 / 100 requests');
    await page.getByText(/^Resets at \d{1,2}:\d{2}/).waitFor();
    await page.getByText('Resets at midnight').waitFor();
  });

  it('leads from the upgrade banner on the free plan to the plans screen', async () => {
    const page = await env.newPage();
    await signInAs(page, await registerViaApi(env.baseUrl), '/app/usage');
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL('**/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor();
  });

  it('lights the bell once hourly usage passes 80%', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const apiKey = await createApiKey(registered);
    await generate(apiKey, 79);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/dashboard');
    await expect.poll(() => statValue(page, 'Total Requests').textContent()).toBe('79');
    expect(await page.getByTestId('notification-dot').count()).toBe(0);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page.getByText('No new notifications').waitFor();
    await page.keyboard.press('Escape');

    await generate(apiKey, 2);
    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await page.getByTestId('notification-dot').waitFor();
    await bell.click();
    await page.getByRole('link', { name: /You have used 81% of your hourly limit/ }).waitFor();
    await screenshot(page, 'notifications-open-light', { fullPage: false });
    await expectNoAxeViolations(page, 'notifications with an alert');
    // Opening the panel marks it read: the dot goes.
    expect(await page.getByTestId('notification-dot').count()).toBe(0);
    await page.getByRole('link', { name: /You have used 81%/ }).click();
    await page.waitForURL('**/app/usage');
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it('has no axe violations on /app/dashboard and /app/usage', async () => {
      const registered = await registerViaApi(env.baseUrl, { firstName: 'Ada', lastName: 'Lovelace' });
      await generate(await createApiKey(registered), 5);
      const page = await env.newPage({ viewport: { width: 1280, height: 1500 } });
      await signInAs(page, registered, '/app/dashboard', { theme });
      await expect.poll(() => statValue(page, 'Total Requests').textContent()).toBe('5');
      await page.getByRole('img', { name: 'Daily usage, doughnut chart' }).waitFor();
      await expectNoAxeViolations(page, `/app/dashboard (${theme})`);
      await screenshot(page, `dashboard-${theme}`, { fullPage: false });

      await page.setViewportSize({ width: 1280, height: 1900 });
      await page.goto('/app/usage');
      await page.getByRole('img', { name: 'Request trends, line chart' }).waitFor();
      await page.getByRole('progressbar', { name: 'Hourly usage' }).waitFor();
      await expectNoAxeViolations(page, `/app/usage (${theme})`);
      await screenshot(page, `usage-${theme}`, { fullPage: false });
      await page.getByRole('radio', { name: '24h' }).click();
      await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(24);
      await expectNoAxeViolations(page, `/app/usage 24h (${theme})`);
      await screenshot(page, `usage-24h-${theme}`, { fullPage: false });

      // 90 days on a log axis: the switch is reachable, flips, and the chart redraws without errors.
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.getByRole('radio', { name: '90d' }).click();
      await expect.poll(() => tableRows(page, 'Request trends').count()).toBe(90);
      const logScale = page.getByRole('switch', { name: 'Log scale' });
      await logScale.focus();
      await page.keyboard.press('Space');
      expect(await logScale.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('img', { name: 'Request trends, line chart, logarithmic scale' }).waitFor();
      await page.getByText('Requests per day by outcome, the last 90 days (logarithmic scale)').waitFor();
      expect(pageErrors).toEqual([]);
      await expectNoAxeViolations(page, `/app/usage 90d log scale (${theme})`);
      await screenshot(page, `usage-90d-log-${theme}`, { fullPage: false });
    });
  });
});
