import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, holdRequests, registerViaApi, screenshot, signInAs, useE2EEnvironment } from './support';

// E2E_WEB_DIST_DIR: serve a snapshot build instead of apps/web/dist (which a parallel build may replace mid-run).
const env = useE2EEnvironment(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {});

const currentlyOn = (page: Page) => page.locator('p', { hasText: 'Currently on:' }).textContent();
const plan = (page: Page, name: string) => page.getByRole('article', { name });
const userMenuText = (page: Page) => page.getByRole('button', { name: /Grace Hopper/ }).textContent();

describe('subscription', () => {
  it('upgrades to Pro and downgrades back to Free, updating the plan everywhere', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/subscription');
    await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor();
    await expect.poll(() => currentlyOn(page)).toBe('Currently on: Free plan');
    expect(await userMenuText(page)).toContain('Free Plan');

    // The catalogue comes from /api/v1/plans: three cards, badges and button labels.
    expect(await page.getByRole('article').count()).toBe(3);
    await plan(page, 'Pro').getByText('Most Popular').waitFor();
    await plan(page, 'Free').getByText('Current Plan', { exact: true }).first().waitFor();
    expect(await plan(page, 'Free').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    expect(await plan(page, 'Pro').getByText('$29', { exact: true }).isVisible()).toBe(true);
    expect(await plan(page, 'Pro').getByText('/month', { exact: true }).isVisible()).toBe(true);

    // The upgrade is held before it reaches the server until the busy state has been seen (a fixed
    // delay could end before a busy machine looks, and costs its length on an idle one).
    const upgrade = await holdRequests(page, '**/api/user/subscription', 'POST');
    await plan(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const busy = plan(page, 'Pro').getByRole('button', { name: 'Processing...' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-busy')).toBe('true');
    expect(await busy.isDisabled()).toBe(true);
    upgrade.release();

    await page.getByRole('status').getByText('Successfully upgraded to Pro plan!').waitFor();
    await expect.poll(() => currentlyOn(page)).toBe('Currently on: Pro plan');
    await expect.poll(() => userMenuText(page)).toContain('Pro Plan');
    expect(await plan(page, 'Pro').getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await screenshot(page, 'subscription-pro-light', { fullPage: false });

    // The server agrees after a reload, and the usage screen no longer offers Pro.
    await page.reload();
    await expect.poll(() => currentlyOn(page)).toBe('Currently on: Pro plan');
    await page.goto('/app/usage');
    await page.getByRole('progressbar', { name: 'Hourly usage' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Hourly usage' }).getAttribute('aria-valuemax')).toBe('2000');
    await page.getByRole('link', { name: 'Upgrade to Enterprise' }).waitFor();

    await page.goto('/app/subscription');
    await plan(page, 'Free').getByRole('button', { name: 'Downgrade to Free' }).click();
    // Losing batch processing at once is confirmed first.
    const confirm = page.getByRole('alertdialog', { name: 'Downgrade to Free?' });
    await confirm.getByText(/batch processing/i).first().waitFor();
    await confirm.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByRole('status').getByText('Successfully downgraded to Free plan').waitFor();
    await expect.poll(() => currentlyOn(page)).toBe('Currently on: Free plan');
    await expect.poll(() => userMenuText(page)).toContain('Free Plan');
  });

  it('shows the server message when a change fails and clears the busy state', async () => {
    const page = await env.newPage();
    await signInAs(page, await registerViaApi(env.baseUrl), '/app/subscription');
    await page.route('**/api/user/subscription', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 402,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'bad_request', message: 'Your card was declined' } }),
          })
        : route.continue(),
    );
    await plan(page, 'Enterprise').getByRole('button', { name: 'Upgrade to Enterprise' }).click();
    await page.getByRole('alert').getByText('Your card was declined').waitFor();
    await plan(page, 'Enterprise').getByRole('button', { name: 'Upgrade to Enterprise' }).waitFor();
    expect(await currentlyOn(page)).toBe('Currently on: Free plan');
  });

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it('has no axe violations on /app/subscription, with a FAQ entry open', async () => {
      const page = await env.newPage({ viewport: { width: 1280, height: 1900 } });
      await signInAs(page, await registerViaApi(env.baseUrl), '/app/subscription', { theme });
      await expect.poll(() => currentlyOn(page)).toBe('Currently on: Free plan');
      await expectNoAxeViolations(page, `/app/subscription (${theme})`);

      const question = page.getByText('What happens if I exceed my limits?');
      await question.click();
      await page.getByText(/throttled until the limit resets/).waitFor();
      await expectNoAxeViolations(page, `/app/subscription FAQ open (${theme})`);
      await screenshot(page, `subscription-${theme}`, { fullPage: false });
    });
  });
});
