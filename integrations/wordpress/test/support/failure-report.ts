import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot } from '../../../../apps/web/e2e/support/browser';
import type { AltwiseServer } from './altwise-server';
import type { WordPressSite } from './wordpress-site';

/**
 * After a failed test: a screenshot, the plugin's queue, backfill and cron state, and the end of what
 * Altwise, the PHP server and WordPress's debug.log said. For a failure seen only in CI.
 */
export async function reportFailure(testName: string, { page, wp, altwise }: { page: Page; wp: WordPressSite; altwise?: AltwiseServer }): Promise<void> {
  await screenshot(page, `wordpress-failed-${testName.slice(0, 40).replace(/\W+/g, '-')}`, { failure: true }).catch(() => undefined);
  console.log('--- queue and backfill state ---\n', wp.php(`echo json_encode(array(Altwise_Queue::waiting(), get_option('altwise_backfill'), _get_cron_array()));`).slice(0, 3000));
  let debugLog = '';
  try {
    debugLog = readFileSync(path.join(wp.dir, 'wp-content/debug.log'), 'utf8').split('\n').filter((line) => !line.includes('PHP Deprecated')).join('\n').slice(-3000);
  } catch {
    // WordPress logged nothing
  }
  console.log(`--- Altwise's output (end) ---\n${altwise?.output().slice(-4000)}\n--- PHP server (end) ---\n${wp.output().slice(-4000)}\n--- WordPress debug.log (end) ---\n${debugLog}`);
}
