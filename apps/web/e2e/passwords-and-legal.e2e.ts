import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, registerViaApi, setTheme, signInWithForm, useE2EEnvironment } from './support';

// No SMTP_URL: mail goes to the server log, one line per message with its link (docs/operations.md "Email").
const env = useE2EEnvironment();

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** The reset link the server logged for `email` (waits for the outbox to write it). */
async function loggedResetToken(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(() => {
      const line = env.server.output().split('\n').find((entry) => entry.includes(`to ${email},`) && entry.includes('reset-password?token='));
      token = line ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(line)?.[1] : undefined;
      return token;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return token!;
}

describe('Terms and Privacy', () => {
  for (const { name, viewport } of VIEWPORTS) {
    for (const theme of ['light', 'dark'] as const) {
      it(`are readable pages with no axe violations (${name}, ${theme})`, async () => {
        const page = await env.newPage({ viewport });
        await page.goto('/privacy');
        await setTheme(page, theme);
        await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'What is stored' }).waitFor();
        expect(await page.getByRole('main').textContent()).toContain('kept for 400 days');
        // Nothing wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await expectNoAxeViolations(page, `/privacy (${name}, ${theme})`);
        await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
        await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
        await expectNoAxeViolations(page, `/terms (${name}, ${theme})`);
      });
    }
  }

  it('are reached from the registration form', async () => {
    const page = await env.newPage();
    await page.goto('/register');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  });
});

describe('forgot and reset password', () => {
  it('from "Forgot password?" to a new password: the link in the log works once', async () => {
    const { account } = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();

    const token = await loggedResetToken(account.email);
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password was changed').waitFor();
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await signInWithForm(page, { email: account.email, password: 'Brand-New-Pass-7' });

    // The same link again: refused, with a way to ask for another.
    const second = await env.newPage();
    await second.goto(`/reset-password?token=${token}`);
    await second.getByLabel('New password', { exact: true }).fill('Another-Pass-8');
    await second.getByLabel('Confirm new password').fill('Another-Pass-8');
    await second.getByRole('button', { name: 'Set new password' }).click();
    await second.getByText('This link cannot be used').waitFor();
    await second.getByRole('link', { name: 'Ask for a new link' }).waitFor();
  });

  for (const { name, viewport } of VIEWPORTS) {
    for (const theme of ['light', 'dark'] as const) {
      it(`the forgot and reset screens have no axe violations (${name}, ${theme})`, async () => {
        const page = await env.newPage({ viewport });
        await page.goto('/forgot-password');
        await setTheme(page, theme);
        await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
        await page.getByRole('button', { name: 'Send reset link' }).click();
        await page.getByText('Email is required').waitFor();
        // The pointer off the button: axe judges the resting colours (the shared Button's dark hover
        // colour, blue-500 under white text, is 3.76:1; reported, not changed here).
        await page.mouse.move(0, 0);
        await expectNoAxeViolations(page, `/forgot-password (${name}, ${theme})`);
        await page.goto('/reset-password?token=not-a-real-token');
        await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-7');
        await expectNoAxeViolations(page, `/reset-password (${name}, ${theme})`);
      });
    }
  }
});

describe('change password in Profile', () => {
  it('changes the password and stays signed in; the old password no longer signs in', async () => {
    const { account } = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInWithForm(page, account);
    await page.goto('/app/profile');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('Changed-Pass-4');
    await page.getByLabel('Confirm new password').fill('Changed-Pass-4');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('status').getByText('Password changed. Your other sessions were signed out.').waitFor();
    await expectNoAxeViolations(page, '/app/profile after a password change');
    // This tab's new session keeps working across a reload (its new cookie).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(page.url()).toContain('/app/profile');
    const old = await fetch(`${env.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }) });
    expect(old.status).toBe(401);
  });
});
