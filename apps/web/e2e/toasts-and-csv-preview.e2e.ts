// Issue 35 rows 4 and 5: a toast never covers a control of the top bar (WCAG 2.4.11), and the CSV
// preview of a wide file scrolls sideways in a region the keyboard reaches, named, with axe clean.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerProViaApi, tabTo } from './screen-helpers';
import { expectNoAxeViolations, registerViaApi, setTheme, signInWithForm, signInAs, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

const CONFIGS = [
  { theme: 'light', viewport: { width: 1280, height: 800 } },
  { theme: 'dark', viewport: { width: 1280, height: 800 } },
  { theme: 'light', viewport: { width: 390, height: 844 } },
  { theme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on screen`);
  return box;
}

async function setThemeBeforeSignIn(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.goto('/login');
  await setTheme(page, theme);
}

describe.each(CONFIGS)('toasts and the CSV preview ($theme, $viewport.width px)', ({ theme, viewport }) => {
  it('the sign-in toast covers none of the top bar controls', async () => {
    const { account } = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ viewport });
    await setThemeBeforeSignIn(page, theme);
    await signInWithForm(page, account);
    const toast = page.locator('[data-toast="success"]').first();
    await toast.waitFor();
    const toastBox = await boxOf(toast);
    const header = page.getByRole('banner');
    const controls = header.getByRole('button');
    const count = await controls.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let at = 0; at < count; at += 1) {
      const control = controls.nth(at);
      if (!(await control.isVisible())) continue;
      expect(overlaps(toastBox, await boxOf(control)), `the toast covers ${await control.getAttribute('aria-label') ?? await control.textContent()}`).toBe(false);
    }
    await expectNoAxeViolations(page, `dashboard with a toast (${theme}, ${viewport.width} px)`);
  });

  it('a wide CSV preview scrolls in a focusable, named region', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    const page = await env.newPage({ viewport });
    await signInAs(page, registered, '/app/jobs', { theme });
    await page.getByRole('radio', { name: 'CSV file' }).check();
    const columns = Array.from({ length: 14 }, (_, at) => `a_rather_long_column_name_${at}`);
    const csv = [['image_url', ...columns].join(','), ...[1, 2, 3].map((row) => [env.imageHost.url(`row-${row}.png`), ...columns.map((name) => `${name} value ${row}`)].join(','))].join('\n');
    await page.locator('input[type=file][accept*="csv"]').setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const region = page.getByRole('region', { name: 'First rows of the CSV' });
    await region.waitFor();
    // Wider than its box: the part past the edge is reached by scrolling.
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await tabTo(page, region);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoAxeViolations(page, `wide CSV preview (${theme}, ${viewport.width} px)`);
  });
});
