import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage } from './browser';
import type { PageOptions } from './browser';
import { startImageHost } from './image-host';
import type { ImageHost } from './image-host';
import { timed } from './profile';
import { startServer } from './server';
import type { RunningServer } from './server';

export { expectNoAxeViolations } from './axe';
export { launchBrowser, openPage, screenshot } from './browser';
export { startImageHost } from './image-host';
export { holdRequests } from './held-requests';
export { freePort, startServer } from './server';
export { newAccount, registerViaApi, setTheme, signInAs, signInWithForm } from './session';
export type { RegisteredAccount, TestAccount } from './session';

export interface E2EEnvironment {
  server: RunningServer;
  browser: Browser;
  imageHost: ImageHost;
  /** The server's origin, e.g. http://127.0.0.1:43125 */
  baseUrl: string;
  /** A page in a fresh browser context (own storage) against the server. */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * Call once at the top of an e2e file: starts a loopback image host, the real server
 * (fresh DATA_DIR, IMAGE_FETCH_ALLOW = that host) and Chromium; stops them after the file.
 * The returned object is filled in by beforeAll; read its fields inside tests.
 */
export function useE2EEnvironment(serverEnv: Record<string, string> = {}): E2EEnvironment {
  const env = {} as E2EEnvironment;
  const pages: Page[] = [];
  beforeAll(async () => {
    // Chromium starts while the server does (neither needs the other): the server's start is the
    // longest step of a file, and the browser's launch hides behind it.
    const browser = timed('browser launch', () => launchBrowser());
    try {
      env.imageHost = await startImageHost();
      env.server = await timed('server start', () => startServer({ IMAGE_FETCH_ALLOW: env.imageHost.hostPort, ...serverEnv }));
    } finally {
      env.browser = await browser;
    }
    env.baseUrl = env.server.url;
    env.newPage = async (options) => {
      const page = await timed('new page', () => openPage(env.browser, env.baseUrl, options));
      pages.push(page);
      return page;
    };
  });
  afterAll(async () => {
    await Promise.allSettled(pages.map((page) => page.context().close()));
    await timed('teardown', () => Promise.allSettled([env.browser?.close(), env.server?.stop(), env.imageHost?.stop()]));
  });
  return env;
}
