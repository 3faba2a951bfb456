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
    await page.getByRole('status').getByText('Demo alt text generated! (Sign up for full AI-powered generation)').waitFor();
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

  it('looks right on a phone', async () => {
    const page = await env.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, 'landing-mobile');
  });
});
