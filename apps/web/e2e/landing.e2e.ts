import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useE2EEnvironment } from './support';

/** Waits for the demo result; fails at once with the error toast's text if one appears instead. */
async function demoResult(page: Page) {
  const result = page.getByTestId('demo-result');
  const failure = page.locator('[data-toast="error"]');
  await result.or(failure).first().waitFor({ timeout: 30_000 });
  if (await failure.count()) throw new Error(`The demo failed: ${await failure.first().textContent()}`);
  return result;
}

const env = useE2EEnvironment();

describe('the test browser', () => {
  it('reaches nothing beyond this machine: a request off loopback goes to its dead loopback proxy', async () => {
    const page = await env.newPage();
    expect((await page.goto('/healthz'))?.status()).toBe(200);
    // TEST-NET-1 (RFC 5737) and a name: without the proxy these would be a connection attempt or a
    // DNS lookup; with it, neither leaves the machine.
    for (const url of ['http://192.0.2.1/', 'https://example.com/']) {
      const failure = await page.goto(url).then(() => 'answered', (error: Error) => error.message);
      expect(failure, url).toContain('net::ERR_PROXY_CONNECTION_FAILED');
    }
  });
});

describe('landing page', () => {
  it('links to sign-in and sign-up, and Try Demo moves focus to the demo', async () => {
    const page = await env.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).first().getAttribute('href')).toBe('/register');
    for (const line of ['No credit card required', '250 free images/month', 'Setup in 30 seconds']) {
      await page.getByText(line, { exact: true }).waitFor();
    }

    await page.getByRole('link', { name: 'Try Demo' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('demo');

    for (const plan of ['Free', 'Starter', 'Pro']) {
      await page.getByRole('heading', { level: 3, name: plan, exact: true }).waitFor();
    }
    await page.getByText('Most Popular').waitFor();
    expect(await page.getByRole('link', { name: 'API Docs' }).getAttribute('href')).toBe('/api/docs');
  });

  it('asks for an image when nothing is chosen, and refuses a non-image file', async () => {
    const page = await env.newPage();
    await page.goto('/#demo');
    await page.getByRole('button', { name: 'Generate Alt Text' }).click();
    await page.getByRole('alert').getByText('Please upload an image or enter an image URL').waitFor();

    const textFile = path.join(os.tmpdir(), 'altwise-notes.txt');
    writeFileSync(textFile, 'not an image');
    await page.locator('input[type=file]').setInputFiles(textFile);
    await page.getByRole('alert').getByText('Please select an image file').waitFor();
  });

  it('describes an image from a URL with the real engine and shows the result', async () => {
    const page = await env.newPage();
    await page.goto('/');
    const imageUrl = env.imageHost.url('sunny-meadow.png');
    await page.getByLabel('Image URL').fill(imageUrl);
    await page.getByRole('button', { name: 'Generate Alt Text' }).click();

    const result = await demoResult(page);
    // This server runs the offline describer: its result is a draft (verification.e2e.ts has both kinds).
    await page.getByRole('status').getByText('Draft alt text generated (no vision model on this instance)').waitFor();
    const alt = await result.getByRole('img').getAttribute('alt');
    expect(alt && alt.length).toBeGreaterThan(0);
    expect(await result.textContent()).toContain(alt!);
    expect(await result.textContent()).toMatch(/Processed in [\d,]+ms/);
    expect(await result.getByRole('link', { name: 'Get unlimited access' }).getAttribute('href')).toBe('/register');
  });

  it('uploads a chosen image file and clears the URL', async () => {
    const page = await env.newPage();
    await page.goto('/');
    await page.getByLabel('Image URL').fill('https://example.com/a.png');
    const png = await (await fetch(env.imageHost.url('upload.png'))).arrayBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'red-bicycle.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await page.getByRole('status').getByText('Image "red-bicycle.png" ready for processing').waitFor();
    expect(await page.getByLabel('Image URL').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Generate Alt Text' }).click();
    await demoResult(page);
    await screenshot(page, 'landing-demo-result');
  });

  it('fits a phone: nothing scrolls sideways and the main controls lie within the screen width', async () => {
    const width = 390;
    const page = await env.newPage({ viewport: { width, height: 844 } });
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    // The first screen shows the heading and the way in; the demo's controls fit the width when reached.
    const controls = [
      heading,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }),
      page.getByLabel('Image URL'),
      page.getByRole('button', { name: 'Generate Alt Text' }),
    ];
    for (const [index, control] of controls.entries()) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, `control ${index} is rendered`).not.toBeNull();
      expect(box!.x, `control ${index} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `control ${index} ends on screen`).toBeLessThanOrEqual(width);
    }
  });

  it('on a touch phone, the upload area says to tap (nothing to drag from), and the mouse wording is hidden', async () => {
    const page = await env.newPage({ viewport: { width: 390, height: 844 }, touch: true });
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    const tap = page.getByText('Tap to choose an image', { exact: true });
    await tap.scrollIntoViewIfNeeded();
    expect(await tap.isVisible()).toBe(true);
    expect(await page.getByText('Drag and drop an image, or click to upload', { exact: true }).isVisible()).toBe(false);
    // The upload control is named by what is visible, not by the hidden mouse wording.
    const demo = page.getByRole('form', { name: 'Alt text demo' });
    expect(await demo.getByRole('button', { name: 'Tap to choose an image', exact: true }).count()).toBe(1);
    expect(await demo.ariaSnapshot()).not.toContain('Drag and drop');
  });
});
