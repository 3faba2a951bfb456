import { describe, expect, it } from 'vitest';
import { expectFocused, tabTo } from './screen-helpers';
import { expectNoAxeViolations, screenshot, useE2EEnvironment } from './support';

const env = useE2EEnvironment();

const VIEWPORTS = [
  { name: 'wide', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

describe('API docs (/api/docs)', () => {
  for (const { name, viewport } of VIEWPORTS) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`has no axe violations, with a response schema open (${name}, ${scheme})`, async () => {
        const page = await env.newPage({ viewport });
        // The docs page follows the reader's system preference (it has no app theme toggle).
        await page.emulateMedia({ colorScheme: scheme });
        const response = await page.goto('/api/docs');
        expect(response?.status()).toBe(200);
        await page.getByRole('heading', { level: 1, name: /Altwise API/ }).waitFor();
        expect(await page.title()).toBe('Altwise API reference');
        // Every documented operation is on the page, reachable from the index.
        const spec = (await (await fetch(`${env.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, object> };
        const operations = Object.values(spec.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
        expect(await page.locator('section.operation').count()).toBe(operations);
        expect(await page.getByRole('navigation', { name: 'Endpoints' }).getByRole('link').count()).toBeGreaterThan(operations);
        await screenshot(page, `api-docs-${name}-${scheme}`, { fullPage: false });

        // One axe run over the whole reference (it is long: axe takes tens of seconds on a busy
        // machine), with a response schema open so its contents are checked too.
        const images = page.locator('#post-api-v1-images');
        await images.getByText('200', { exact: true }).click();
        await images.getByText('altText', { exact: true }).first().waitFor();
        await expectNoAxeViolations(page, `/api/docs with a response open (${name}, ${scheme})`);
      }, 150_000);
    }
  }

  it('works by keyboard: the skip link reaches the reference, an index link moves to its operation', async () => {
    const page = await env.newPage();
    await page.goto('/api/docs');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the reference' });
    await expectFocused(skip);
    await page.keyboard.press('Enter');
    await expectFocused(page.getByRole('main'));

    const index = page.getByRole('navigation', { name: 'Endpoints' });
    const link = index.getByRole('link', { name: 'POST /api/v1/images/batch' });
    await tabTo(page, link, 120, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api/docs#post-api-v1-images-batch');
    expect(await page.locator('#post-api-v1-images-batch').isVisible()).toBe(true);
  });
});
