// Issue 35 row 2: a button pressed with the keyboard keeps focus while it is busy and after (it is
// aria-disabled, never disabled under the focus), or focus moves on purpose to what replaced it;
// it never falls to <body>, which sends a keyboard user back to the top of the page.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectFocused, registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, newAccount, registerViaApi, setTheme, signInAs, useE2EEnvironment } from './support';
import { seedReviewJob } from './support/review-job-seed';

const env = useE2EEnvironment();

const CONFIGS = [
  { theme: 'light', viewport: { width: 1280, height: 800 } },
  { theme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

/** Gives `button` focus and presses Enter on it, as a keyboard user would. */
async function pressWithKeyboard(page: Page, button: Locator): Promise<void> {
  // A screen may still re-render as its data arrives and take the focus back to the page: focus the
  // button until it holds the focus, then press.
  await expect
    .poll(async () => {
      await button.focus();
      return button.evaluate((element) => element === document.activeElement);
    })
    .toBe(true);
  await page.keyboard.press('Enter');
}

/** What has focus, for a readable failure ("BODY" is the defect). */
const focusedTag = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim().slice(0, 60)}`);

async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expectFocused(target).catch(async (error: unknown) => {
    throw new Error(`focus is on ${await focusedTag(page)}, not ${target.toString()}`, { cause: error });
  });
}

async function openThemed(theme: 'light' | 'dark', viewport: { width: number; height: number }, path: string, registered?: Awaited<ReturnType<typeof registerViaApi>>): Promise<Page> {
  const page = await env.newPage({ viewport });
  if (registered) await signInAs(page, registered, path);
  else await page.goto(path);
  await setTheme(page, theme);
  return page;
}

for (const { theme, viewport } of CONFIGS) {
  const label = `${theme}, ${viewport.width} px`;
  describe(`busy buttons keep focus (${label})`, () => {
    it('the demo Generate button', async () => {
      const page = await openThemed(theme, viewport, '/#demo');
      await page.getByLabel('Image URL').fill(env.imageHost.url('harbour.png'));
      const generate = page.getByRole('button', { name: 'Generate Alt Text' });
      await pressWithKeyboard(page, generate);
      await page.getByRole('status').getByText('Draft alt text generated (no vision model on this instance)').waitFor();
      await expectFocusOn(page, generate);
      await expectNoAxeViolations(page, `demo result (${label})`);
    });

    it('Send reset link, then the new password: focus goes to the message that replaced each form', async () => {
      const { account } = await registerViaApi(env.baseUrl);
      const page = await openThemed(theme, viewport, '/forgot-password');
      await page.getByLabel('Email address').fill(account.email);
      await pressWithKeyboard(page, page.getByRole('button', { name: 'Send reset link' }));
      await expectFocusOn(page, page.getByRole('status').filter({ hasText: 'Check your email' }));
      await expectNoAxeViolations(page, `reset link sent (${label})`);

      let token: string | undefined;
      await expect
        .poll(() => {
          const line = env.server.output().split('\n').find((entry) => entry.includes(`to ${account.email},`) && entry.includes('reset-password?token='));
          token = line ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1] : undefined;
          return token;
        }, { timeout: 15_000 })
        .toBeTruthy();
      await page.goto(`/reset-password?token=${token}`);
      await page.getByLabel('New password', { exact: true }).fill('Harb0urLights!');
      await page.getByLabel('Confirm new password').fill('Harb0urLights!');
      await pressWithKeyboard(page, page.getByRole('button', { name: 'Set new password' }));
      await expectFocusOn(page, page.getByRole('status').filter({ hasText: 'Your password was changed' }));
      await expectNoAxeViolations(page, `password changed (${label})`);
    });

    it('Create account: the redirect lands on the dashboard heading', async () => {
      const account = newAccount();
      const page = await openThemed(theme, viewport, '/register');
      await page.getByLabel('First name').fill(account.firstName);
      await page.getByLabel('Last name').fill(account.lastName);
      await page.getByLabel('Email address').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm password').fill(account.password);
      await page.getByRole('checkbox', { name: /I agree/ }).check();
      await pressWithKeyboard(page, page.getByRole('button', { name: 'Create account' }));
      await page.waitForURL('**/app/dashboard');
      await expectFocusOn(page, page.getByRole('heading', { level: 1 }));
    });

    it('Test Key and Change Password', async () => {
      const registered = await registerViaApi(env.baseUrl);
      expect((await apiCall(env.baseUrl, registered, 'POST', '/v1/api-keys', { name: 'Harbour' })).status).toBe(201);
      const page = await openThemed(theme, viewport, '/app/api-keys', registered);
      const test = page.getByRole('article', { name: 'Harbour' }).getByRole('button', { name: /^Test Key/ });
      await pressWithKeyboard(page, test);
      await page.locator('[data-toast="success"]').getByText('API key is valid and active!').waitFor();
      await expectFocusOn(page, test);
      await expectNoAxeViolations(page, `key tested (${label})`);

      await page.goto('/app/profile');
      await page.getByLabel('Current password').fill(registered.account.password);
      await page.getByLabel('New password', { exact: true }).fill('Harb0urLights!');
      await page.getByLabel('Confirm new password').fill('Harb0urLights!');
      const change = page.getByRole('button', { name: 'Change Password' });
      await pressWithKeyboard(page, change);
      await page.locator('[data-toast="success"]').first().waitFor();
      await expectFocusOn(page, change);
      await expectNoAxeViolations(page, `password changed in profile (${label})`);
    });

    it('Upgrade to Pro', async () => {
      const registered = await registerViaApi(env.baseUrl);
      const page = await openThemed(theme, viewport, '/app/subscription', registered);
      const pro = page.getByRole('article', { name: 'Pro' });
      const upgrade = pro.getByRole('button', { name: 'Upgrade to Pro' });
      // The account's plan has loaded (the Free card names it) before the keyboard acts.
      await page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Current Plan' }).waitFor();
      await pressWithKeyboard(page, upgrade);
      // The same button, now naming the current plan.
      await pro.getByRole('button', { name: 'Current Plan' }).waitFor();
      await expectFocusOn(page, pro.getByRole('button', { name: 'Current Plan' }));
      await expectNoAxeViolations(page, `upgraded (${label})`);
    });

    it('Accept all passing, then Undo', async () => {
      const registered = await registerProViaApi(env.baseUrl);
      const jobId = seedReviewJob(env.server.dataDir, env.imageHost.url, registered.auth.user.userId, Array.from({ length: 3 }, () => ({ kind: 'model' as const })));
      const page = await openThemed(theme, viewport, `/app/jobs/${jobId}`, registered);
      const accept = page.getByRole('button', { name: /^Accept all passing/ });
      await page.getByRole('button', { name: 'Accept all passing (3)' }).waitFor();
      await pressWithKeyboard(page, accept);
      await page.getByText('Accepted 3 images.').waitFor();
      await expectFocusOn(page, accept);
      await expectNoAxeViolations(page, `accepted (${label})`);

      await pressWithKeyboard(page, page.getByRole('button', { name: 'Undo' }));
      const undone = page.getByText(/^Undone: 3 rows put back/);
      await undone.waitFor();
      await expectFocusOn(page, undone);
      await expectNoAxeViolations(page, `undone (${label})`);
    });
  });
}
