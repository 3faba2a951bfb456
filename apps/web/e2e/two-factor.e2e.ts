import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, registerViaApi, setTheme, signInAs, useE2EEnvironment } from './support';

// No SMTP_URL: the "turned on" mail goes to the server log (docs/operations.md "Email").
const env = useE2EEnvironment();

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/**
 * The code an authenticator app would show, from the key the dialog shows. The step after the
 * current one: the current step's code was spent turning two-factor on, and one step of drift is
 * accepted, so this works at once without waiting for the clock.
 */
const nextCode = (key: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(key);

describe('two-factor sign-in', () => {
  for (const { name, viewport } of VIEWPORTS) {
    for (const theme of ['light', 'dark'] as const) {
      it(`is turned on from Settings with a code computed from the shown key, then asked at sign-in (${name}, ${theme})`, async () => {
        const registered = await registerViaApi(env.baseUrl);
        const page = await env.newPage({ viewport });
        await signInAs(page, registered, '/app/settings', { theme });
        const toggle = page.getByRole('switch', { name: 'Two-factor authentication' });
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
        await toggle.click();

        const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
        await dialog.getByRole('img', { name: /QR code of your two-factor key/ }).waitFor();
        const key = (await dialog.getByTestId('two-factor-key').textContent())!.replace(/\s/g, '');
        expect(key).toMatch(/^[A-Z2-7]{32}$/);
        await expectNoAxeViolations(page, `two-factor enrolment (${name}, ${theme})`);
        await dialog.getByLabel('6-digit code from the app').fill(authenticator.generate(key));
        await dialog.getByRole('button', { name: 'Turn on' }).click();

        const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
        await saved.getByRole('list', { name: 'Recovery codes' }).waitFor();
        expect(await saved.getByRole('listitem').count()).toBe(10);
        await expectNoAxeViolations(page, `recovery codes (${name}, ${theme})`);
        await saved.getByRole('button', { name: 'I saved them' }).click();
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

        // A new browser: the password alone is not enough any more.
        const next = await env.newPage({ viewport });
        await next.goto('/login');
        await setTheme(next, theme);
        await next.getByLabel('Email address').fill(registered.account.email);
        await next.getByLabel('Password', { exact: true }).fill(registered.account.password);
        await next.getByRole('button', { name: 'Sign in' }).click();
        const code = next.getByLabel('Authentication code');
        await code.waitFor();
        expect(next.url()).toMatch(/\/login$/);
        await expectNoAxeViolations(next, `sign-in second step (${name}, ${theme})`);
        expect(await next.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await code.fill(nextCode(key));
        await next.getByRole('button', { name: 'Verify and sign in' }).click();
        await next.waitForURL('**/app/dashboard');
      });
    }
  }
});
