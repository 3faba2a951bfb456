import { describe, expect, it } from 'vitest';
import { newAccount, registerViaApi, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

describe('sign-up, sign-out and sign-in', () => {
  it('registers through the form, greets by first name, logs out to the landing page and signs back in', async () => {
    const page = await env.newPage();
    const account = newAccount({ firstName: 'Katherine', lastName: 'Johnson' });

    await page.goto('/register');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Create your account and start generating AI alt text',
    );
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel('Last name').fill(account.lastName);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Company (Optional)').fill('NASA');
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/app/dashboard');
    // Right after registering the greeting is a first one (issue 35 row 12); signing in again says "Welcome back".
    await page.getByText('Welcome, Katherine!').waitFor();
    await page.getByRole('status').getByText('Account created successfully!').waitFor();
    const menuButton = page.getByRole('button', { name: /Katherine Johnson/ });
    expect(await menuButton.textContent()).toContain('Free Plan');
    expect(await menuButton.textContent()).toContain('KJ');

    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /every image accessible/ }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await page.goto('/app/usage');
    await page.waitForURL('**/login');

    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app/dashboard');
    await page.getByRole('status').getByText('Welcome back!').waitFor();
    await page.getByText('Welcome back, Katherine!').waitFor();
  });

  it('shows the login validation messages under the fields', async () => {
    const page = await env.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email address').fill('nobody@');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    expect(await page.getByLabel('Email address').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's message when the password is wrong", async () => {
    const { account } = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.goto('/login');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('WrongPassw0rd');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').locator('[data-toast="error"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('shows the register validation messages and refuses mismatched passwords', async () => {
    const page = await env.newPage();
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Please confirm your password',
      'You must accept the terms',
    ]) {
      await page.getByText(message, { exact: true }).first().waitFor();
    }

    await page.getByLabel('First name').fill('Alan');
    await page.getByLabel('Last name').fill('Turing');
    await page.getByLabel('Email address').fill(newAccount().email);
    await page.getByLabel('Password', { exact: true }).fill('Enigma1234');
    await page.getByLabel('Confirm password').fill('Enigma12345');
    await page.getByRole('checkbox', { name: /I agree to the/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  it('works by keyboard alone: skip link, the login form, Enter to submit', async () => {
    const { account } = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();

    await page.keyboard.press('Tab');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focusedText()).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    // From <main>: email, password, show/hide, remember me, forgot password, submit.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('rememberMe');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');

    await page.waitForURL('**/app/dashboard');
    await page.getByText(`Welcome back, ${account.firstName}!`).waitFor();
  });

  it('sends an already signed-in user from /login to the dashboard, and the short paths to /app', async () => {
    const registered = await registerViaApi(env.baseUrl, { firstName: 'Ada' });
    const page = await env.newPage();
    await signInAs(page, registered, '/login');
    await page.waitForURL('**/app/dashboard');
    await page.goto('/usage');
    await page.waitForURL('**/app/usage');
    await page.goto('/app');
    await page.waitForURL('**/app/dashboard');
  });

  it('sends an anonymous visitor of /app to /login', async () => {
    const page = await env.newPage();
    await page.goto('/app/settings');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
  });
});
