// Issue 19 in the browser: without a vision model the landing page says so and the demo and
// Generate show "Draft — no vision model" instead of the compliance badge; with a model (the
// loopback fake) they show SPEC's badges. axe stays at zero on every screen shown.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { E2EEnvironment } from './support';
import type { RunningServer } from './support/server';
import { expectNoAxeViolations, launchBrowser, openPage, registerViaApi, signInAs, startImageHost, startServer, useE2EEnvironment } from './support';
import type { ImageHost } from './support/image-host';

const DRAFT = 'Draft — no vision model';

/** Runs the landing demo on an image URL and returns the result panel. */
async function runDemo(page: Page, imageUrl: string) {
  await page.goto('/');
  await page.getByLabel('Image URL').fill(imageUrl);
  await page.getByRole('button', { name: 'Generate Alt Text' }).click();
  const result = page.getByTestId('demo-result');
  await result.waitFor({ timeout: 30_000 });
  return result;
}

/** Describes an image URL on /app/generate as a fresh account and returns its result card. */
async function runGenerate(page: Page, baseUrl: string, imageUrl: string) {
  const registered = await registerViaApi(baseUrl);
  await signInAs(page, registered, '/app/generate');
  await page.getByLabel('Image URL', { exact: true }).fill(imageUrl);
  await page.getByRole('button', { name: 'Generate Alt Text' }).click();
  const card = page.getByTestId('result').first();
  await card.waitFor({ timeout: 30_000 });
  return card;
}

describe('without a vision model (the offline describer)', () => {
  const env: E2EEnvironment = useE2EEnvironment();

  it('the landing page says so plainly, and the demo shows a draft, never the compliance badge', async () => {
    const page = await env.newPage();
    await page.goto('/');
    await page.getByText('This instance runs without a vision model: its results are drafts', { exact: true }).waitFor();
    expect(await page.getByText('Powered by a vision-capable AI model').count()).toBe(0);
    await page.getByTestId('no-vision-model').waitFor();

    const result = await runDemo(page, env.imageHost.url('sunny-meadow.png'));
    await result.getByText(DRAFT, { exact: true }).waitFor();
    expect(await result.getByTestId('draft-explanation').textContent()).toContain('No vision model looked at this image');
    expect(await result.getByText('WCAG 2.2 AAA compliant').count()).toBe(0);
    await expectNoAxeViolations(page, 'landing demo with a draft');
  });

  it('Generate shows the draft label and why, never "WCAG Compliant"', async () => {
    const page = await env.newPage();
    const card = await runGenerate(page, env.baseUrl, env.imageHost.url('harbour.png'));
    await card.getByText(DRAFT, { exact: true }).waitFor();
    await card.getByTestId('draft-explanation').waitFor();
    expect(await card.getByText('WCAG Compliant').count()).toBe(0);
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click();
    await expectNoAxeViolations(page, '/app/generate with a draft');
  });
});

describe('with a vision model (the loopback fake)', () => {
  let vision: FakeVisionServer;
  let imageHost: ImageHost;
  let server: RunningServer;
  let browser: Browser;
  const pages: Page[] = [];
  const newPage = async () => {
    const page = await openPage(browser, server.url);
    pages.push(page);
    return page;
  };

  beforeAll(async () => {
    vision = await startFakeVisionServer();
    imageHost = await startImageHost();
    server = await startServer({
      IMAGE_FETCH_ALLOW: imageHost.hostPort,
      ALT_PROVIDER: 'openai-compatible',
      OPENAI_BASE_URL: vision.url,
      OPENAI_API_KEY: 'e2e',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.allSettled(pages.map((page) => page.context().close()));
    await browser?.close();
    await server?.stop();
    await imageHost?.stop();
    await vision?.close();
  });

  it('the landing page claims the model, and the demo shows the SPEC badge, no draft label', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByText('Powered by a vision-capable AI model', { exact: true }).waitFor();
    expect(await page.getByTestId('no-vision-model').count()).toBe(0);

    const result = await runDemo(page, imageHost.url('sunny-meadow.png'));
    await result.getByText('WCAG 2.2 AAA compliant', { exact: true }).waitFor();
    expect(await result.getByText(DRAFT).count()).toBe(0);
    expect(vision.calls).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'landing demo with a model result');
  });

  it('Generate shows "WCAG Compliant" for a compliant model result', async () => {
    const page = await newPage();
    const card = await runGenerate(page, server.url, imageHost.url('harbour.png'));
    await card.getByText('WCAG Compliant', { exact: true }).waitFor();
    expect(await card.getByText(DRAFT).count()).toBe(0);
    await page.getByRole('button', { name: 'Dismiss notification' }).first().click();
    await expectNoAxeViolations(page, '/app/generate with a model result');
  });
});
