import type { Page } from 'playwright-core';

/**
 * Holds the page's requests to `url` with `method` until `release()`, so a busy state stays on
 * screen until the test has seen it (a fixed delay could end before a busy machine looks).
 */
export async function holdRequests(page: Page, url: string, method = 'POST'): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await released;
    await route.continue();
  });
  return { release };
}
