// wp-admin as the browser suite drives it: uploads, the review screen, WP-Cron runs, an attachment's alt.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AXE_TAGS, axeBuilder } from '../../../../apps/web/e2e/support/axe';
import type { WordPressSite } from './wordpress-site';

/** axe over the plugin's review screen. */
export async function expectScreenAxeClean(target: Page) {
  const results = await axeBuilder(target).include('#altwise-review-queue').withTags(AXE_TAGS).analyze();
  const report = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html} ${node.failureSummary}`).join(', ')}`,
  );
  expect(report).toEqual([]);
}

/**
 * Records every uncaught error of a page's scripts (Playwright's `pageerror`) with the page it happened
 * on. wp-admin's own scripts must run: a site whose core is broken ("_ is not defined") fails the suite.
 */
export function recordPageErrors(target: Page, errors: string[]) {
  target.on('pageerror', (error) => errors.push(`${target.url()}: ${error.message}`));
}

/** Signs the page in as the site's administrator, through the login form. */
export async function signIn(target: Page) {
  await target.goto('/wp-login.php');
  await target.locator('#user_login').fill('admin');
  await target.locator('#user_pass').fill('admin-password');
  await target.locator('#wp-submit').click();
  await target.waitForURL('**/wp-admin/**');
}

export function wpAdmin(wp: WordPressSite, page: Page) {
  /** A small PNG made by PHP's GD, different for each seed (so Altwise never answers from its cache). */
  function makePng(seed: number): string {
    return wp
      .php(
        `$f = sys_get_temp_dir() . '/altwise-upload-${seed}-' . getmypid() . '.png'; $i = imagecreatetruecolor(64, 48);
         imagefill($i, 0, 0, imagecolorallocate($i, ${(seed * 37) % 256}, ${(seed * 91) % 256}, ${(seed * 53) % 256})); imagepng($i, $f); echo $f;`,
      )
      .trim();
  }

  async function upload(file: string) {
    await page.goto('/wp-admin/media-new.php?browser-uploader');
    await page.locator('#async-upload').setInputFiles(file);
    await page.locator('#html-upload').click();
    await page.waitForURL('**/wp-admin/upload.php**');
  }

  /**
   * Opens the review screen and waits until its list has answered. The page's load event fires before
   * that: the screen asks the REST API for its list only once its script runs, and the answer comes
   * some 50-150 ms after load (measured), so a look at the screen right after goto() sees "Loading".
   * The heading gets its count in the same render as the list and the "Waiting for Altwise" rows.
   */
  async function openQueue(target: Page = page) {
    await target.goto('/wp-admin/upload.php?page=altwise-review');
    await target.getByRole('heading', { name: /^Suggestions waiting for review \(\d+\)$/ }).waitFor();
  }

  /** Keeps WP-Cron going (as visitors' requests would) until the review screen shows `text`. */
  async function waitInQueueFor(text: string | RegExp, timeoutMs = 40_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await wp.cron();
      await openQueue();
      if ((await page.getByText(text).count()) > 0) return;
      if (Date.now() > deadline) throw new Error(`"${text}" never reached the review queue`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  function altOf(attachmentId: number): string {
    return wp.php(`echo get_post_meta(${attachmentId}, '_wp_attachment_image_alt', true);`);
  }

  function lastAttachment(): number {
    return Number(wp.php(`echo (int) get_posts(array('post_type' => 'attachment', 'post_status' => 'inherit', 'numberposts' => 1, 'fields' => 'ids'))[0];`));
  }

  return { makePng, upload, openQueue, waitInQueueFor, altOf, lastAttachment };
}

export type WpAdmin = ReturnType<typeof wpAdmin>;
