import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startImageHost } from '@altwise/test-support/image-host';
import { apiCall, dismissToasts, expectFocused, expectToast } from './screen-helpers';
import { expectNoAxeViolations, registerViaApi, signInAs, useE2EEnvironment } from './support';
import type { RegisteredAccount } from './support';
import { samplePng } from './support/image-host';

// Pages on a loopback host the server may fetch: a shop whose pictures partly do not load.
const pageHost = await startImageHost();
const png = await samplePng();
for (const name of ['logo.png', 'kettle.png']) pageHost.set(`/${name}`, { body: png, contentType: 'image/png' });
pageHost.set('/shop.html', {
  contentType: 'text/html',
  body: `<!doctype html><html lang="en"><head><title>Kettle shop</title></head><body>
<header><a href="/"><img src="/logo.png"></a></header>
<main><h1>Our products</h1><img src="/kettle.png" alt="A red kettle on a stove"><figure><img src="/gone.png" alt="A blue teapot"><figcaption>Teapots</figcaption></figure></main>
</body></html>`,
});
for (let index = 0; index < 11; index += 1) {
  pageHost.set(`/page-${index}.html`, { contentType: 'text/html', body: `<!doctype html><html lang="en"><head><title>Page ${index}</title></head><body><img src="/kettle.png" alt="A kettle"></body></html>` });
}
const env = useE2EEnvironment({ IMAGE_FETCH_ALLOW: pageHost.hostPort, PAGE_FETCH_ALLOW: pageHost.hostPort });
afterAll(() => pageHost.close());

async function audit(registered: RegisteredAccount, path: string): Promise<string> {
  const created = await apiCall<{ id: string }>(env.baseUrl, registered, 'POST', '/v1/audits', { url: `${pageHost.url}${path}` });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** Moves the pointer off the page, so a hover colour is not what axe measures. */
const rest = (page: Page) => page.mouse.move(0, 0);

describe.each([
  { theme: 'light', width: 1280, height: 800 },
  { theme: 'dark', width: 1280, height: 800 },
  { theme: 'light', width: 390, height: 844 },
  { theme: 'dark', width: 390, height: 844 },
] as const)('Audit history and verdicts ($theme, $width px)', ({ theme, width, height }) => {
  it('lists past audits, opens one with readable locations and a broken picture, and deletes with confirmation', async () => {
    const registered = await registerViaApi(env.baseUrl);
    await audit(registered, '/page-1.html');
    const shopId = await audit(registered, '/shop.html');
    await audit(registered, '/page-2.html');
    const page = await env.newPage({ viewport: { width, height } });
    await signInAs(page, registered, '/app/audit', { theme });
    const past = page.getByTestId('past-audit');
    await expect.poll(() => past.count()).toBe(3);
    // Newest first.
    expect(await past.first().getByRole('link').textContent()).toBe('Page 2');
    await expect.poll(() => page.getByText('3 images: 1 missing, 1 broken').count()).toBe(1);
    await rest(page);
    await expectNoAxeViolations(page, `audit history (${theme}, ${width})`);

    // Open the shop's audit.
    await page.getByRole('link', { name: 'Kettle shop' }).click();
    await page.waitForURL(`**/app/audit/${shopId}`);
    await page.getByRole('heading', { level: 1, name: 'Audit of Kettle shop' }).waitFor();
    const rows = page.getByTestId('audit-row');
    await expect.poll(() => rows.count()).toBe(3);
    await rows.nth(0).getByText('Header › 1st image in link').waitFor();
    await rows.nth(1).getByText('Main › "Our products" › 1st image').waitFor();
    const broken = rows.nth(2);
    await broken.getByText('Main › "Our products" › 2nd image in figure').waitFor();
    await broken.getByText('Broken', { exact: true }).waitFor();
    await broken.getByText(/The picture did not load, so nobody sees it: The image host answered HTTP 404/).waitFor();
    // The CSS path on demand.
    const selector = broken.locator('code');
    expect(await selector.isVisible()).toBe(false);
    await broken.getByText('CSS path').click();
    await selector.waitFor();
    expect(await selector.textContent()).toMatch(/figure:nth-of-type\(1\) > img:nth-of-type\(1\)$/);
    await page.getByRole('radio', { name: 'Broken' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await rest(page);
    await expectNoAxeViolations(page, `past audit (${theme}, ${width})`);
    const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(layout.scroll).toBeLessThanOrEqual(layout.client);

    // Delete the middle one: a confirmation first; Cancel gives focus back to its button.
    await page.getByRole('link', { name: 'All audits' }).click();
    await expect.poll(() => past.count()).toBe(3);
    const deleteShop = page.getByRole('button', { name: /^Delete the audit of Kettle shop from / });
    await deleteShop.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this audit?' });
    await dialog.waitFor();
    await dialog.getByText(/and its reports are removed for good/).waitFor();
    await expectNoAxeViolations(page, `delete audit dialog (${theme}, ${width})`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expectFocused(deleteShop);
    expect(await past.count()).toBe(3);

    await deleteShop.click();
    await dialog.getByRole('button', { name: 'Delete audit' }).click();
    await expectToast(page, 'success', 'Audit deleted');
    await expect.poll(() => past.count()).toBe(2);
    // Focus goes to the audit that took its place.
    await expectFocused(page.getByRole('link', { name: 'Page 1' }));
    expect((await apiCall(env.baseUrl, registered, 'GET', `/v1/audits/${shopId}`)).status).toBe(404);
    await dismissToasts(page);
  });
});

describe('Audit history paging', () => {
  it('pages the history ten at a time', async () => {
    const registered = await registerViaApi(env.baseUrl);
    for (let index = 0; index < 11; index += 1) await audit(registered, `/page-${index}.html`);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/audit');
    const past = page.getByTestId('past-audit');
    await expect.poll(() => past.count()).toBe(10);
    await page.getByRole('button', { name: 'Load older audits' }).click();
    await expect.poll(() => past.count()).toBe(11);
    expect(await past.last().getByRole('link').textContent()).toBe('Page 0');
    await page.getByRole('button', { name: 'Load older audits' }).waitFor({ state: 'detached' });
  });
});
