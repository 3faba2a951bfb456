import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectFocused } from './screen-helpers';
import {
  expectNoAxeViolations,
  registerViaApi,
  screenshot,
  setTheme,
  signInAs,
  signInWithForm,
  useE2EEnvironment,
} from './support';

const env = useE2EEnvironment();

const THEMES = ['light', 'dark'] as const;
const APP_ROUTES = ['dashboard', 'generate', 'audit', 'jobs', 'api-keys', 'usage', 'subscription', 'profile', 'settings'] as const;

/** Fails unless the page is no wider than the viewport (WCAG 1.4.10 at 390 px). */
async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: ${scrollWidth}px of content in a ${innerWidth}px viewport`).toBeLessThanOrEqual(innerWidth);
}

describe('a session out of reach of scripts', () => {
  it('keeps the user signed in across a reload with no refresh token in localStorage, only in an HttpOnly cookie', async () => {
    const registered = await registerViaApi(env.baseUrl, { firstName: 'Ada' });
    const page = await env.newPage();
    await signInWithForm(page, registered.account);
    await page.getByText('Welcome back, Ada!').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText('Welcome back, Ada!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/dashboard');

    const cookies = await page.context().cookies();
    const refresh = cookies.find((cookie) => cookie.name === 'altwise_refresh');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const storage = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
    expect(Object.keys(storage)).not.toContain('refreshToken');
    expect(Object.keys(storage)).not.toContain('authToken');
    expect(JSON.stringify(storage)).not.toContain(refresh!.value);
    expect(JSON.parse(storage['auth-storage']!).state).toEqual({ user: expect.objectContaining({ firstName: 'Ada' }) });
    // Scripts cannot read the cookie either.
    expect(await page.evaluate(() => document.cookie)).not.toContain('altwise_refresh');
  });

  it('refuses a refresh with the cookie but without the header, and one from another origin', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // A forged request: the browser sends the cookie, but not the custom header.
    const forged = await page.evaluate(async () => {
      const response = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      return response.status;
    });
    expect(forged).toBe(403);

    const cookie = (await page.context().cookies()).find((item) => item.name === 'altwise_refresh')!;
    const crossSite = await fetch(`${env.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `altwise_refresh=${cookie.value}`, 'X-Altwise-Session': 'cookie', Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);

    // Neither attempt used up the session: a reload still signs in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/dashboard');
  });
});

describe('dialogs, toasts and the error boundary', () => {
  it('makes the page behind a dialog unreachable by role, closes on Escape and returns focus', async () => {
    const page = await env.newPage();
    await signInAs(page, await registerViaApi(env.baseUrl), '/app/settings');
    const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    await heading.waitFor();
    const opener = page.getByRole('button', { name: 'Delete Account' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await heading.count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Primary' }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await heading.count()).toBe(1);
    await expectFocused(opener);
  });

  it('keeps an error toast, announced assertively, for as long as it takes to read (still there after 10 s)', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    // The page's clock is the test's: ten seconds pass in an instant, every timer due in them fires.
    await page.clock.install();
    await page.goto('/login');
    await page.getByLabel('Email address').fill(registered.account.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const toast = page.locator('[role="alert"][aria-live="assertive"] [data-toast="error"]');
    await toast.getByText('Invalid email or password').waitFor();
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_500);
    expect(await toast.getByText('Invalid email or password').isVisible()).toBe(true);
    // Dismissed by keyboard.
    await toast.getByRole('button', { name: 'Dismiss notification' }).focus();
    await page.keyboard.press('Escape');
    await toast.waitFor({ state: 'detached' });
  });

  it('on a phone (390×844), a full stack of toasts covers neither the bell nor the user menu', async () => {
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, await registerViaApi(env.baseUrl), '/app/settings');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // Every save fails with its own message, so the error toasts (which stay until dismissed) pile up.
    let failures = 0;
    await page.route('**/api/v1/settings', (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      failures += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'service_unavailable', message: `Settings could not be saved (attempt ${failures}); please try again in a moment.` } }),
      });
    });
    const names = ['Email notifications', 'Push notifications', 'Marketing communications', 'Usage analytics', 'Crash reports', 'Login alerts'];
    for (const [index, name] of names.entries()) {
      await page.getByRole('switch', { name, exact: true }).click();
      // The attempt this click makes, not `failures`: the click resolves before its save reaches the
      // route (on a busy machine, long before), and the count read then is the previous attempt's.
      await page.locator('[data-toast="error"]').getByText(`(attempt ${index + 1})`, { exact: false }).waitFor();
    }
    expect(failures).toBe(names.length);
    const toasts = page.locator('[data-toast]');
    // At most five at once (the oldest goes).
    expect(await toasts.count()).toBe(5);

    const bell = await page.getByRole('button', { name: /^Notifications/ }).boundingBox();
    // The user menu's trigger is named by the user's name and plan.
    const menu = await page.getByRole('button', { name: 'Grace Hopper Free Plan' }).boundingBox();
    const header = await page.locator('header').first().boundingBox();
    expect(bell && menu && header).toBeTruthy();
    const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    for (const box of await toasts.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON()))) {
      expect(overlaps(box, bell!), 'a toast covers the bell').toBe(false);
      expect(overlaps(box, menu!), 'a toast covers the user menu').toBe(false);
      expect(overlaps(box, header!), 'a toast covers the top bar').toBe(false);
      // And each is wholly on screen.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    // The bell still answers a tap with toasts on screen.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'phone-toasts-and-bell', { fullPage: false });
  });

  it('shows an error page with a retry and a way home when a screen fails to load, not the router crash screen', async () => {
    const page = await env.newPage();
    await signInAs(page, await registerViaApi(env.baseUrl));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // As after a deploy: the screen's chunk is gone.
    await page.route(/\/assets\/usage-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.getByRole('link', { name: 'Usage & Analytics' }).click();
    await page.getByRole('heading', { level: 1, name: 'Altwise has been updated' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/app/dashboard');
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    await expectNoAxeViolations(page, 'route error page');
  });
});

describe.each(THEMES)('phone layout and accessibility in the %s theme', (theme) => {
  it('has no horizontal overflow at 390×844 on any route, with long names', async () => {
    const registered = await registerViaApi(env.baseUrl, {
      firstName: 'Maximiliana-Josephina',
      lastName: 'Vandersteen-Bartholomew',
      email: `a.very.long.address.for.testing.overflow.${Date.now()}@subdomain.example-company.com`,
      company: 'International Consolidated Accessibility Laboratories Incorporated',
    });
    await apiCall(env.baseUrl, registered, 'POST', '/v1/api-keys', {});
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path);
      if (path === '/') await setTheme(page, theme);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoHorizontalOverflow(page, `${path} (${theme})`);
    }
    await signInAs(page, registered, '/app/dashboard', { theme });
    for (const screen of APP_ROUTES) {
      await page.goto(`/app/${screen}`);
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoHorizontalOverflow(page, `/app/${screen} (${theme})`);
      expect(new URL(page.url()).pathname, 'still signed in').toBe(`/app/${screen}`);
      if (screen === 'dashboard') {
        // The four stat cards make a 2×2 grid on a phone, not four rows before the first chart.
        const tops = await page
          .getByTestId('stat-list')
          .evaluate((list) => [...list.children].map((card) => Math.round(card.getBoundingClientRect().top)));
        expect(tops).toHaveLength(4);
        expect(new Set(tops).size, `stat card rows at 390 px: ${tops.join(', ')}`).toBe(2);
      }
    }
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoHorizontalOverflow(page, `404 (${theme})`);
  });

  it('has no axe violations with dialogs open and errors showing', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/generate', { theme });

    // Generate: an invalid address marked on its field.
    const url = page.getByLabel('Image URL', { exact: true });
    await url.fill('foo bar');
    await url.press('Enter');
    await page.getByText('Image URL must be an http or https address').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, `/app/generate invalid URL (${theme})`);

    // Settings: the delete-account dialog.
    await page.goto('/app/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectNoAxeViolations(page, `/app/settings dialog (${theme})`);
    await page.keyboard.press('Escape');

    // Subscription: the downgrade confirmation.
    await apiCall(env.baseUrl, registered, 'POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_altwise_demo' });
    await page.goto('/app/subscription');
    await page.getByRole('button', { name: 'Downgrade to Free' }).click();
    await page.getByRole('alertdialog', { name: 'Downgrade to Free?' }).waitFor();
    await expectNoAxeViolations(page, `/app/subscription downgrade dialog (${theme})`);
    await page.keyboard.press('Escape');

    // A signed-in user's 404 offers the dashboard, not a sign-in.
    await page.goto('/no-such-page');
    await page.getByRole('link', { name: 'Go to Dashboard', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await expectNoAxeViolations(page, `404 signed in (${theme})`);

    // Landing demo: a refused request shows its message in the result panel.
    const visitor = await env.newPage();
    await visitor.goto('/');
    await setTheme(visitor, theme);
    await visitor.route('**/api/v1/demo', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'too_many_requests', message: 'The demo is limited to 10 images per hour.' } }),
      }),
    );
    await visitor.getByLabel('Image URL').fill('https://example.com/a.png');
    await visitor.getByRole('button', { name: 'Generate Alt Text' }).click();
    await visitor.getByTestId('demo-error').waitFor();
    await expectNoAxeViolations(visitor, `/ demo error (${theme})`);
  });
});
