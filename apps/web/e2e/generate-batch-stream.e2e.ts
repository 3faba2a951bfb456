import { afterAll, describe, expect, it } from 'vitest';
import { startImageHost } from '@altwise/test-support/image-host';
import { expectToast, registerProViaApi } from './screen-helpers';
import { expectNoAxeViolations, signInAs, useE2EEnvironment } from './support';
import { samplePng } from './support/image-host';

// One of four images is slow to load: the other results must not wait for it. It is held until the
// test has seen the batch in progress (a fixed delay could end before a busy machine looks, and
// costs its length on an idle one); the server waits for it as long as a loaded machine needs.
const host = await startImageHost();
const png = await samplePng();
host.set('/quick.png', { body: png, contentType: 'image/png' });
const env = useE2EEnvironment({ IMAGE_FETCH_ALLOW: host.hostPort, IMAGE_FETCH_TIMEOUT_MS: '120000' });
afterAll(() => host.close());

describe.each([
  { theme: 'light', width: 1280, height: 800 },
  { theme: 'dark', width: 1280, height: 800 },
  { theme: 'light', width: 390, height: 844 },
  { theme: 'dark', width: 390, height: 844 },
] as const)('Generate → Batch streams its results ($theme, $width px)', ({ theme, width, height }) => {
  it('shows each result as it finishes and counts successes and failures honestly', async () => {
    const registered = await registerProViaApi(env.baseUrl);
    const page = await env.newPage({ viewport: { width, height } });
    await signInAs(page, registered, '/app/generate', { theme });
    let releaseSlow!: () => void;
    host.set('/slow.png', { body: png, contentType: 'image/png', gate: new Promise<void>((resolve) => (releaseSlow = resolve)) });
    await page.getByRole('radio', { name: 'Batch Processing' }).click();
    const urls = [`${host.url}/slow.png`, `${host.url}/quick.png?a`, `${host.url}/missing-one.png`, `${host.url}/missing-two.png`];
    for (const [index, url] of urls.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add URL' }).click();
      await page.getByLabel(`Image URL ${index + 1}`, { exact: true }).fill(url);
    }
    await page.getByRole('button', { name: 'Generate Alt Text' }).click();
    const busy = page.getByRole('button', { name: 'Processing 4 images...' });
    await busy.waitFor();

    // The quick image's card and the two failures are on screen while the slow one still loads.
    await page.getByTestId('result').first().waitFor();
    await page.getByText('3 of 4 images done').waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByTestId('result-error').count()).toBe(2);
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, `batch in progress (${theme}, ${width})`);
    expect(await busy.isDisabled()).toBe(true);
    releaseSlow();

    await expectToast(page, 'error', 'Generated alt text for 2 of 4 images; 2 failed');
    expect(await page.getByTestId('result').count()).toBe(2);
    expect(await page.getByText('Generated alt text for 4 images!').count()).toBe(0);
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, `batch done (${theme}, ${width})`);
    const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(layout.scroll).toBeLessThanOrEqual(layout.client);
  });
});
