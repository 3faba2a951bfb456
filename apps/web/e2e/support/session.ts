import type { AuthResponse } from '@altwise/shared';
import type { Page } from 'playwright-core';
import { timed } from './profile';

export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  company?: string;
}

let counter = 0;

/** A unique, valid account (the password meets every checklist rule). */
export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${unique}@example.com`,
    password: 'Compil3rRocks',
    ...overrides,
  };
}

export interface RegisteredAccount {
  account: TestAccount;
  auth: AuthResponse;
}

/** Creates an account through POST /api/auth/register. */
export async function registerViaApi(baseUrl: string, overrides: Partial<TestAccount> = {}): Promise<RegisteredAccount> {
  const account = newAccount(overrides);
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as AuthResponse;
  if (response.status !== 201) throw new Error(`register failed (${response.status}): ${JSON.stringify(body)}`);
  return { account, auth: body };
}

/**
 * Signs the page in without the form, as the web app keeps a session: the page itself signs in
 * through the API with the session header (so the HttpOnly refresh cookie lands in the browser's
 * jar) and "auth-storage" holds the profile only; the app refreshes its access token on load.
 */
export async function signInAs(page: Page, registered: RegisteredAccount, path = '/app/dashboard', options: SignInOptions = {}): Promise<void> {
  await timed('sign in', () => signInThroughPage(page, registered, path, options));
}

type Theme = 'light' | 'dark';

export interface SignInOptions {
  /**
   * The theme the app starts in, stored as setTheme stores it, before the app's first load: the same
   * page as signInAs then setTheme, without loading the whole app a second time.
   */
  theme?: Theme;
}

async function signInThroughPage(page: Page, registered: RegisteredAccount, path: string, { theme }: SignInOptions): Promise<void> {
  const { account, auth } = registered;
  // Any page of the origin holds its storage and cookies: /healthz is a few bytes of JSON, where a
  // route of the app would load and start the whole app only to leave it.
  await page.goto('/healthz');
  await page.evaluate(
    async ({ email, password, user }) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Altwise-Session': 'cookie' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login failed (${response.status})`);
      localStorage.setItem('auth-storage', JSON.stringify({ state: { user }, version: 1 }));
    },
    { email: account.email, password: account.password, user: auth.user },
  );
  if (theme) await storeTheme(page, theme);
  // The app exchanges its cookie for an access token on load, rotating the cookie. A reload while
  // that exchange is in flight (setTheme reloads) could present the rotated-away cookie, which
  // reuse detection answers by ending the session: let the exchange land first (its answer read
  // in full, the new cookie stored), rather than waiting for the network to go quiet.
  // (A 409 is another tab's rotation, which the app retries: the answer that counts is the next.)
  const exchanged = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/refresh') && response.request().method() === 'POST' && response.status() !== 409,
  );
  await page.goto(path);
  const response = await exchanged;
  if (!response.ok()) throw new Error(`the session exchange on load failed (${response.status()})`);
  await response.finished();
  if (theme) await themeShown(page, theme);
}

/** Signs in through the login form. */
export async function signInWithForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/dashboard');
}

/** Stores the theme as the app's theme toggle does (persisted "ui-storage"); the app reads it when it next loads. */
async function storeTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((next) => {
    const raw = localStorage.getItem('ui-storage');
    const stored = raw ? (JSON.parse(raw) as { state?: Record<string, unknown>; version?: number }) : {};
    localStorage.setItem('ui-storage', JSON.stringify({ state: { ...stored.state, theme: next, themeChoice: next }, version: stored.version ?? 0 }));
  }, theme);
}

/** Waits until the loaded app shows `theme`: a scan of the wrong theme would pass unnoticed. */
async function themeShown(page: Page, theme: Theme): Promise<void> {
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
}

/** Sets the theme of a page already loaded: stored, then the app reloaded so everything renders in it. */
export async function setTheme(page: Page, theme: Theme): Promise<void> {
  await storeTheme(page, theme);
  await page.reload();
  await themeShown(page, theme);
}
