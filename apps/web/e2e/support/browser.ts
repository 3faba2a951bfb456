import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHOTS_DIR } from './paths';
import { timed } from './profile';

/**
 * Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs headless
 * tests in) when it is installed, else the full browser. The same suites on the shell: 37 % less CPU and
 * wall time (four files, 131-133 against 82-84 CPU-s, 2026-11-28); the full browser runs its whole UI
 * machinery behind a headless window.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    // The tests never leave this machine: every request to anything but loopback goes to a proxy on
    // a loopback port nothing listens on, and fails there (Chromium sends loopback itself, never through
    // a proxy). A request route in each context did this before; Playwright turns the HTTP cache off
    // in a context with a route, and every request paused for a round trip to the test.
    proxy: { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost' },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /** A phone's touch screen: touch events and a coarse pointer (`(pointer: coarse)` matches). */
  touch?: boolean;
}

/**
 * A page in a fresh context whose relative URLs resolve against `baseURL` (the browser's proxy fails
 * every request to anything but loopback).
 */
export async function openPage(browser: Browser, baseURL: string, options: PageOptions = {}): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? 'reduce',
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  return context.newPage();
}

/**
 * Saves a screenshot of a screen to $E2E_SHOTS_DIR/<name>.png, for a person to look at; without
 * E2E_SHOTS_DIR none is taken. Nothing asserts on them, and each full-page PNG cost about 0.9 s of
 * a 2-core machine (10 of api-keys.e2e.ts's 58 s, 2026-11-28). `failure`: a failed test's picture
 * (WordPress's failure report), always saved, to /tmp/shots without E2E_SHOTS_DIR. Full page by
 * default; pass fullPage: false for layouts with fixed panels (the app shell), which a full-page
 * capture draws at viewport height only. `fromTop`: scrolled to the top first (a sticky top bar
 * otherwise lands mid-page), only when a screenshot is taken.
 */
export async function screenshot(page: Page, name: string, { fullPage = true, failure = false, fromTop = false } = {}): Promise<void> {
  const folder = SHOTS_DIR ?? (failure ? '/tmp/shots' : undefined);
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  if (fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  await timed('screenshot', () => page.screenshot({ path: path.join(folder, `${name}.png`), fullPage, animations: 'disabled' }));
}
