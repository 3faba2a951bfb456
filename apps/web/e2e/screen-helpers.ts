import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { registerViaApi, screenshot } from './support';
import type { RegisteredAccount } from './support';

/** Waits for a toast of that kind whose text is exactly `text`. */
export async function expectToast(page: Page, kind: 'success' | 'error', text: string): Promise<void> {
  await page.locator(`[data-toast="${kind}"]`).getByText(text, { exact: true }).first().waitFor();
}

/** Dismisses every toast on screen (so the next expectToast sees a fresh one). */
export async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await buttons.count()) > 0) await buttons.first().click();
}

/** An authenticated call to the API as the registered account. */
export async function apiCall<T = unknown>(
  baseUrl: string,
  registered: RegisteredAccount,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${registered.auth.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A new account on the Pro plan (bulk jobs, batches, webhooks), bought through the test billing provider. */
export async function registerProViaApi(baseUrl: string): Promise<RegisteredAccount> {
  const registered = await registerViaApi(baseUrl);
  const upgraded = await apiCall(baseUrl, registered, 'POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_e2e_test' });
  expect(upgraded.status).toBeLessThan(300);
  return registered;
}

/** Presses Tab until `target` has focus (at most `max` times); fails if it never does. */
export async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await page.evaluate((element) => document.activeElement === element, handle)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Waits (bounded) until `target` has focus. Dialogs move focus in an effect or a frame after they
 * open or close, so a single read right after the key press races the browser on a busy machine.
 */
export async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((element) => element === document.activeElement), { timeout: 5_000 }).toBe(true);
}

/** The focused element draws a visible focus indicator (Tailwind's ring is a box-shadow; or an outline). */
export async function expectVisibleFocus(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    let element = document.activeElement as HTMLElement | null;
    // A visually hidden radio or file input shows its ring on the label around it.
    if (element && element.classList.contains('sr-only')) element = element.closest('label') ?? element;
    const computed = element ? getComputedStyle(element) : null;
    return { shadow: computed?.boxShadow ?? 'none', outline: computed?.outlineStyle ?? 'none' };
  });
  expect(style.shadow !== 'none' || style.outline !== 'none', JSON.stringify(style)).toBe(true);
}

/** A full-page screenshot taken from the top (the sticky top bar otherwise lands mid-page). */
export const shot = (page: Page, name: string): Promise<void> => screenshot(page, name, { fromTop: true });
