// Issue 36 in WordPress: with "Check with several readings" ticked, an upload is described with
// `verify` by a real Altwise server whose (fake) vision model reads the image three ways; the review
// queue says in words what the readings disagree on, axe-clean at 1280 and 390 px; bulk accept leaves
// that suggestion to a person, who accepts it by keyboard.
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { FakeVisionServer, RecordedRequest } from '@altwise/test-support/fake-vision-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../../../apps/web/e2e/support/browser';
import { tabTo } from '../../../apps/web/e2e/screen-helpers';
import { proAccountKey, startAltwise } from './support/altwise-server';
import type { AltwiseServer } from './support/altwise-server';
import { startWordPress } from './support/wordpress-site';
import type { WordPressSite } from './support/wordpress-site';
import { expectScreenAxeClean, recordPageErrors, signIn, wpAdmin } from './support/wp-admin';

/** Each reading by its seed: they disagree on the colour and the count. */
const READINGS = ['Two red apples on a wooden table.', 'Three red apples on a wooden table.', 'Two orange apples on a wooden table.'];

let vision: FakeVisionServer;
let altwise: AltwiseServer;
let wp: WordPressSite;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

describe('the WordPress review queue with several readings', () => {
  beforeAll(async () => {
    vision = await startFakeVisionServer({ reply: (request: RecordedRequest) => ({ altText: READINGS[((request.body as { seed?: number }).seed ?? 0) % 3]! }) });
    wp = await startWordPress({ ALTWISE_RETRY_SECONDS: '1' });
    altwise = await startAltwise({ ALT_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: vision.url, OPENAI_API_KEY: 'wp-e2e' });
    browser = await launchBrowser();
    page = await openPage(browser, wp.url);
    recordPageErrors(page, pageErrors);
    await signIn(page);
  });

  afterAll(async () => {
    await browser?.close();
    await altwise?.stop();
    await wp?.stop();
    await vision?.close();
  });

  it('says what the readings disagree on, in words; bulk accept skips it; a person accepts it by keyboard', async () => {
    const admin = wpAdmin(wp, page);
    const key = await proAccountKey(altwise.url);
    await page.goto('/wp-admin/options-general.php?page=altwise-settings');
    await page.getByLabel('Server URL').fill(altwise.url);
    await page.getByLabel('Allow a server on a private or local network address').check();
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('Check with several readings').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();

    await admin.upload(admin.makePng(36));
    const id = admin.lastAttachment();
    await admin.waitInQueueFor('Readings disagree — check the image:');
    // Three readings were asked of the model for the one upload.
    expect(vision.calls).toBe(3);
    await page.getByText('Colour: 2 of 3 readings say red, 1 says orange', { exact: true }).waitFor();
    await page.getByText('Count: 2 of 3 readings say 2, 1 says 3', { exact: true }).waitFor();
    await page.getByText('Two red apples on a wooden table').first().waitFor();
    await expectScreenAxeClean(page);

    const phone = await openPage(browser, wp.url, { viewport: { width: 390, height: 844 } });
    recordPageErrors(phone, pageErrors);
    await phone.context().addCookies(await page.context().cookies());
    await admin.openQueue(phone);
    await phone.getByText('Colour: 2 of 3 readings say red, 1 says orange', { exact: true }).waitFor();
    await expectScreenAxeClean(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context().close();

    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Accept selected (1)' }).click();
    await page.getByText('0 suggestions accepted.').first().waitFor();
    expect(admin.altOf(id)).toBe('');

    const accept = page.getByRole('button', { name: /^Accept suggestion for / }).first();
    await tabTo(page, accept, 120);
    await page.keyboard.press('Enter');
    await page.getByText(/^Alt text saved for .+\.$/).first().waitFor();
    expect(admin.altOf(id)).toBe('Two red apples on a wooden table');
    expect(pageErrors).toEqual([]);
  });
});
