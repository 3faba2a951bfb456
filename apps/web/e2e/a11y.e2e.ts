import { describe, it } from 'vitest';
import { expectNoAxeViolations, registerViaApi, screenshot, setTheme, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

describe.each(['light', 'dark'] as const)('accessibility and looks in the %s theme', (theme) => {
  it('has no axe violations on the landing page', async () => {
    const page = await env.newPage();
    await page.goto('/');
    await setTheme(page, theme);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page, `/ (${theme})`);
    await screenshot(page, `landing-${theme}`);
  });

  it('has no axe violations on /login and /register', async () => {
    const page = await env.newPage();
    await page.goto('/login');
    await setTheme(page, theme);
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    await expectNoAxeViolations(page, `/login (${theme})`);
    await screenshot(page, `login-${theme}`);
    // With the error messages showing as well.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await expectNoAxeViolations(page, `/login with errors (${theme})`);

    await page.goto('/register');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoAxeViolations(page, `/register (${theme})`);
    await screenshot(page, `register-${theme}`);
  });

  it('has no axe violations in the app shell, with the user menu and notifications open', async () => {
    const registered = await registerViaApi(env.baseUrl, { firstName: 'Ada', lastName: 'Lovelace' });
    const page = await env.newPage();
    await signInAs(page, registered, '/app/dashboard', { theme });
    await page.getByText('Welcome back, Ada!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectNoAxeViolations(page, `/app/dashboard (${theme})`);
    await screenshot(page, `app-shell-${theme}`, { fullPage: false });

    await page.getByRole('button', { name: /Ada Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).waitFor();
    await expectNoAxeViolations(page, `user menu (${theme})`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expectNoAxeViolations(page, `notifications (${theme})`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expectNoAxeViolations(page, `collapsed sidebar (${theme})`);
    await screenshot(page, `app-shell-collapsed-${theme}`, { fullPage: false });
  });

  it('has no axe violations in the small-screen sidebar overlay', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, registered, '/app/dashboard', { theme });
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByRole('link', { name: 'Usage & Analytics' }).waitFor();
    await expectNoAxeViolations(page, `mobile sidebar (${theme})`);
    await screenshot(page, `app-shell-mobile-${theme}`, { fullPage: false });
    // The backdrop (the first "Close sidebar" button) covers the page right of the panel.
    await page.getByRole('button', { name: 'Close sidebar' }).first().click({ position: { x: 360, y: 420 } });
    await page.getByRole('link', { name: 'Usage & Analytics' }).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open sidebar');
    await screenshot(page, `app-shell-mobile-closed-${theme}`, { fullPage: false });
  });
});
