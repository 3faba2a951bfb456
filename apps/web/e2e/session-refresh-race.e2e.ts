import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerViaApi, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

/** The status of every POST /api/auth/refresh any page of the context made. */
function recordRefreshes(context: BrowserContext): number[] {
  const statuses: number[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/refresh') statuses.push(response.status());
  });
  return statuses;
}

/** Loads both pages at the same moment: each refreshes its access token on load, with the same cookie. */
async function loadBothAtOnce(first: Page, second: Page): Promise<void> {
  await Promise.all([first.goto('/app/dashboard'), second.goto('/app/usage')]);
  await Promise.all([
    first.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor(),
    second.getByRole('heading', { level: 1, name: 'Usage & Analytics' }).waitFor(),
  ]);
  // Both exchanges have landed (and the second page's data calls used its new access token).
  await Promise.all([first.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);
  expect(new URL(first.url()).pathname).toBe('/app/dashboard');
  expect(new URL(second.url()).pathname).toBe('/app/usage');
}

async function twoTabs(options: { withoutWebLocks?: boolean } = {}) {
  const first = await env.newPage();
  const context = first.context();
  if (options.withoutWebLocks) {
    // A browser without the Web Locks API: the app falls back to its localStorage lease.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { value: undefined, configurable: true });
    });
  }
  await signInAs(first, await registerViaApi(env.baseUrl));
  const second = await context.newPage();
  return { first, second, refreshes: recordRefreshes(context) };
}

describe('two tabs of one browser refreshing the session at the same time', () => {
  it('stay signed in: the refreshes take turns (Web Locks), so none presents a rotated-away cookie', async () => {
    const { first, second, refreshes } = await twoTabs();
    expect(await first.evaluate(() => typeof navigator.locks?.request)).toBe('function');
    for (let round = 0; round < 3; round += 1) await loadBothAtOnce(first, second);
    // Two refreshes per round, every one a success: none lost a race (409) or ended the session (401).
    expect(refreshes.length).toBeGreaterThanOrEqual(6);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // And the session is alive afterwards for any new page.
    const third = await first.context().newPage();
    await third.goto('/app/settings');
    await third.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(new URL(third.url()).pathname).toBe('/app/settings');
  });

  it('stay signed in without Web Locks too (a storage lease, and the server\'s grace for a lost race)', async () => {
    const { first, second, refreshes } = await twoTabs({ withoutWebLocks: true });
    expect(await first.evaluate(() => navigator.locks)).toBeUndefined();
    for (let round = 0; round < 3; round += 1) await loadBothAtOnce(first, second);
    expect(refreshes.length).toBeGreaterThanOrEqual(6);
    // A 409 (a race the lease did not prevent) is retried; a 401 would have signed the user out.
    expect(refreshes).not.toContain(401);
  });
});
