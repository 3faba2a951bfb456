// Issue 35 row 3: the app shell's menu at 390 px is a modal drawer. Keyboard only: focus stays
// inside it however far one tabs (either way), the page behind is inert, Escape closes it and
// focus returns to the menu button.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectFocused, expectVisibleFocus, tabTo } from './screen-helpers';
import { expectNoAxeViolations, registerViaApi, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

const insideDrawer = (page: Page) => page.evaluate(() => Boolean(document.getElementById('app-sidebar')?.contains(document.activeElement)));

describe.each(['light', 'dark'] as const)('the 390 px menu drawer (%s)', (theme) => {
  it('holds focus, makes the page behind inert, and closes on Escape back to its button', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, registered, '/app/dashboard', { theme });
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    const opener = page.getByRole('button', { name: 'Open sidebar' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const drawer = page.locator('#app-sidebar');
    await drawer.getByRole('link', { name: 'Usage & Analytics' }).waitFor();
    await expectFocused(drawer.getByRole('button', { name: 'Close sidebar' }));

    // Twice round the drawer's controls forwards, then backwards: focus never leaves it.
    const stops = await drawer.evaluate((element) => element.querySelectorAll('a[href], button').length);
    for (const key of ['Tab', 'Shift+Tab'] as const) {
      for (let i = 0; i < stops * 2 + 2; i += 1) {
        await page.keyboard.press(key);
        expect(await insideDrawer(page), `${key} #${i + 1} left the drawer`).toBe(true);
        await expectVisibleFocus(page);
      }
    }

    // A modal dialog, and the page behind takes neither focus nor clicks.
    await page.getByRole('dialog', { name: 'Sidebar' }).waitFor({ timeout: 5_000 });
    expect(await page.locator('main').evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
    expect(await page.locator('header').evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
    await expectNoAxeViolations(page, `open drawer (${theme})`);

    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog', { name: 'Sidebar' }).count()).toBe(0);
    await expectFocused(opener);
    expect(await page.locator('main').evaluate((element) => element.closest('[inert]') === null)).toBe(true);
    await expectNoAxeViolations(page, `closed drawer (${theme})`);
  });
});
