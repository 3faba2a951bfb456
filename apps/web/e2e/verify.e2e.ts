// Issue 36 in the browser: verified alt text (several readings of each image). The loopback fake
// vision model answers each reading by its seed, so the readings disagree on a colour and a count.
// The job review filters and orders by disagreement; on its card the disputed words are marked in
// text, the readings are said in words, and another reading is chosen with one key press; Generate's
// "Check with several readings" shows the same marks. Keyboard only, axe at zero (every impact), light and dark, 390 and 1280 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer, RecordedRequest } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { apiCall, dismissToasts, expectVisibleFocus, registerProViaApi, tabTo } from './screen-helpers';
import { expectNoAxeViolations, launchBrowser, openPage, signInAs, startImageHost, startServer } from './support';
import type { ImageHost } from './support/image-host';
import type { RunningServer } from './support/server';

/** Three readings per case (by the reading's seed), found by the case name in the prompt's context. */
const READINGS: Record<string, string[]> = {
  'case-disagree': ['Two red apples on a wooden table.', 'Three red apples on a wooden table.', 'Two orange apples on a wooden table.'],
  'case-agree': ['A grey cat asleep on a sofa.', 'A grey cat asleep on a sofa.', 'A grey cat asleep on the sofa.'],
};
function reply(request: RecordedRequest) {
  const key = Object.keys(READINGS).find((name) => request.rawBody.includes(name)) ?? 'case-agree';
  const seed = (request.body as { seed?: number }).seed ?? 0;
  return { altText: READINGS[key]![seed % 3]! };
}

const VIEWS = [
  { theme: 'light', width: 1280 },
  { theme: 'dark', width: 1280 },
  { theme: 'light', width: 390 },
  { theme: 'dark', width: 390 },
] as const;

let vision: FakeVisionServer;
let imageHost: ImageHost;
let server: RunningServer;
let browser: Browser;
const pages: Page[] = [];
let imageCount = 0;

beforeAll(async () => {
  vision = await startFakeVisionServer({ reply });
  imageHost = await startImageHost();
  server = await startServer({ IMAGE_FETCH_ALLOW: imageHost.hostPort, ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'e2e' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.allSettled(pages.map((page) => page.context().close()));
  await browser?.close();
  await server?.stop();
  await imageHost?.stop();
  await vision?.close();
});

async function newPage(width: number): Promise<Page> {
  const page = await openPage(browser, server.url, { viewport: { width, height: width < 640 ? 844 : 800 } });
  pages.push(page);
  return page;
}

/** An image of its own (the result cache never answers for another test's). */
async function freshImage(): Promise<string> {
  imageCount += 1;
  return imageHost.distinct(`verify-${imageCount}.png`, imageCount);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
}

/** A verified bulk job of one agreeing and one disagreeing image (in that order), run to the end through the API. */
async function verifiedJob(registered: Awaited<ReturnType<typeof registerProViaApi>>): Promise<string> {
  const items = [
    { imageUrl: await freshImage(), context: 'case-agree', id: 'cat' },
    { imageUrl: await freshImage(), context: 'case-disagree', id: 'apples' },
  ];
  const created = await apiCall<{ id: string }>(server.url, registered, 'POST', '/v1/jobs', { items, verify: true });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  await expect
    .poll(async () => (await apiCall<{ status: string }>(server.url, registered, 'GET', `/v1/jobs/${created.body.id}`)).body.status, { timeout: 60_000 })
    .toBe('completed');
  return created.body.id;
}

describe('verified alt text: where the readings disagree', () => {
  for (const { theme, width } of VIEWS) {
    it(`the job review filters and orders by disagreement; the card marks the disputed words, says the readings, and takes another reading with one key (${theme}, ${width} px)`, async () => {
      const registered = await registerProViaApi(server.url);
      const jobId = await verifiedJob(registered);
      const page = await newPage(width);
      await signInAs(page, registered, `/app/jobs/${jobId}`, { theme });
      // Review starts where the readings disagree: that filter shows the apples alone, and that order
      // puts them first (input order has the cat first).
      const cardName = (index: number) => page.locator(`[data-review-card="${index}"] h3`).textContent();
      await expect.poll(() => cardName(0)).toBe('cat');
      await page.getByLabel('Show').selectOption('uncertain');
      await expect.poll(() => page.locator('[data-review-card]').count()).toBe(1);
      expect(await cardName(0)).toBe('apples');
      await page.getByLabel('Show').selectOption('all');
      await page.getByLabel('Order').selectOption('uncertainty');
      await expect.poll(() => page.locator('[data-review-card]').count()).toBe(2);
      await expect.poll(() => cardName(0)).toBe('apples');
      const card = page.locator('[data-review-card="0"]');
      await card.getByTestId('review-readings').waitFor();

      // The highlight is text, not colour alone: each disputed word carries "(readings disagree)".
      const marks = card.locator('mark');
      await expect.poll(() => marks.count()).toBeGreaterThanOrEqual(2);
      const marked = (await marks.allTextContents()).join(' | ');
      expect(marked).toMatch(/red[^|]*\(readings disagree\)/i);
      expect(marked).toMatch(/two[^|]*\(readings disagree\)/i);
      const readings = card.getByTestId('review-readings');
      expect(await readings.textContent()).toContain('Colour: 2 of 3 readings say red, 1 says orange');
      expect(await readings.textContent()).toContain('Count: 2 of 3 readings say 2, 1 says 3');
      await card.getByText('Readings disagree: needs a person').waitFor();
      // The readings that agree mark nothing and offer no choice.
      const agreeing = page.locator('[data-review-card="1"]');
      await agreeing.getByText('Compliant').first().waitFor();
      expect(await agreeing.locator('mark').count()).toBe(0);
      expect(await agreeing.getByTestId('review-readings').count()).toBe(0);
      await noSidewaysScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `job review with disagreeing readings (${theme}, ${width} px)`);

      // Keyboard only: Tab from the top of the page to the other colour, then one key press.
      const useOrange = page.getByRole('button', { name: 'Accept with orange: Two orange apples on a wooden table' });
      await page.locator('body').focus();
      await tabTo(page, useOrange, 120);
      await expectVisibleFocus(page);
      await page.keyboard.press('Enter');
      await expect.poll(() => card.getByTestId('review-state').textContent()).toBe('approved');
      const results = await apiCall<{ items: Array<{ review: string | null; reviewedAltText?: string | null; result: { altText: string } | null }> }>(server.url, registered, 'GET', `/v1/jobs/${jobId}/results`);
      expect(JSON.stringify(results.body.items[1])).toContain('Two orange apples on a wooden table');
      expect(results.body.items[1]!.review).toBe('approved');
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `job review after choosing a reading (${theme}, ${width} px)`);
    });

    it(`Generate's "Check with several readings" marks the disputed words and says the readings (${theme}, ${width} px)`, async () => {
      const registered = await registerProViaApi(server.url);
      const page = await newPage(width);
      await signInAs(page, registered, '/app/generate', { theme });
      await page.getByRole('heading', { level: 1, name: 'Generate Alt Text' }).waitFor();

      // Keyboard only: the URL, the context, the option and the button, each reached with Tab.
      const imageUrl = await freshImage();
      await page.locator('body').focus();
      await tabTo(page, page.getByLabel('Image URL', { exact: true }), 80);
      await page.keyboard.type(imageUrl);
      await tabTo(page, page.getByLabel('Context (Optional)'));
      await page.keyboard.type('case-disagree');
      const option = page.getByRole('checkbox', { name: /Check with several readings/ });
      await tabTo(page, option);
      await expectVisibleFocus(page);
      await page.keyboard.press('Space');
      expect(await option.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('button', { name: 'Generate Alt Text' }));
      await page.keyboard.press('Enter');

      const card = page.getByTestId('result').first();
      const summary = card.getByTestId('readings-summary');
      await summary.waitFor({ timeout: 60_000 });
      expect(await summary.textContent()).toContain('Colour: 2 of 3 readings say red, 1 says orange');
      expect(await summary.textContent()).toContain('Count: 2 of 3 readings say 2, 1 says 3');
      const marked = (await card.getByTestId('alt-text').locator('mark').allTextContents()).join(' | ');
      expect(marked).toMatch(/red[^|]*\(readings disagree\)/i);
      expect(marked).toMatch(/two[^|]*\(readings disagree\)/i);
      expect(await card.getByText('WCAG Compliant', { exact: true }).count()).toBe(0);
      await dismissToasts(page);
      await noSidewaysScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoAxeViolations(page, `Generate with disagreeing readings (${theme}, ${width} px)`);
    });
  }
});
