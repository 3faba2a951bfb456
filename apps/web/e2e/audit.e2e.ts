import { afterAll, describe, expect, it } from 'vitest';
import { startImageHost } from '@altwise/test-support/image-host';
import { expectNoAxeViolations, registerViaApi, setTheme, signInAs, useE2EEnvironment } from './support';
import { samplePng } from './support/image-host';

// The audited page and its images live on one loopback host the server may fetch from.
const pageHost = await startImageHost();
const png = await samplePng();
for (const name of ['boat.png', 'logo.png', 'divider.png', 'pier.png']) pageHost.set(`/${name}`, { body: png, contentType: 'image/png' });
pageHost.set('/harbour.html', {
  contentType: 'text/html',
  body: `<!doctype html><html lang="en"><head><title>Harbour</title></head><body>
<h1>Harbour</h1><a href="/"><img src="/logo.png"></a><img src="/boat.png">
<img src="/divider.png" alt=""><img src="/pier.png" alt="The old stone pier at low tide"></body></html>`,
});
const env = useE2EEnvironment({ IMAGE_FETCH_ALLOW: pageHost.hostPort, PAGE_FETCH_ALLOW: pageHost.hostPort });
afterAll(() => pageHost.close());

describe.each(['light', 'dark'] as const)('Audit a page (%s theme)', (theme) => {
  it('audits a page with suggestions, filters by verdict, with no axe violations', async () => {
    const registered = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signInAs(page, registered, '/app/audit');
    await setTheme(page, theme);
    await page.getByRole('heading', { level: 1, name: 'Audit a page' }).waitFor();
    await expectNoAxeViolations(page, `/app/audit (${theme})`);

    await page.getByLabel('Page URL').fill(`${pageHost.url}/harbour.html`);
    await page.getByLabel(/Suggest alt text/).check();
    await page.getByRole('button', { name: 'Audit page' }).click();
    await page.getByText('Audit complete: 4 images, 2 missing alt text.').waitFor();
    expect(await page.getByTestId('audit-row').count()).toBe(4);
    // The pointer still rests on the submit button; its hover colour is the shared Button's business.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, `/app/audit with results (${theme})`);

    await page.getByRole('radio', { name: 'Missing' }).click();
    await page.mouse.move(0, 0);
    expect(await page.getByTestId('audit-row').count()).toBe(2);
    // The boat gets an alt="…" to copy; the logo is a link's only content, whose link names nothing,
    // so no alt="" is offered for it (an empty alt there would be a failure).
    expect(await page.getByRole('button', { name: /Copy alt attribute for image/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Copy empty alt attribute/ }).count()).toBe(0);
    await page.getByText(/only content of a link or button, so an empty alt would leave it without a name/).waitFor();
    await expectNoAxeViolations(page, `/app/audit filtered (${theme})`);
  });
});
