// WCAG 1.4.10 Reflow: at 320 CSS px wide every screen reads without scrolling sideways, and no
// control sits on top of a heading. The routes come from the app's own route table, so a screen
// added later is covered without touching this file (a new `:param` needs a value below).
import type { Page, Request } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { startImageHost } from '@altwise/test-support/image-host';
import { routes } from '../src/app/routes';
import { apiCall } from './screen-helpers';
import { registerViaApi, signInAs, useE2EEnvironment } from './support';
import type { RegisteredAccount } from './support';
import { samplePng } from './support/image-host';

/** Every path of the route tree, parents joined to children ("" is the index route of its parent). */
function routePaths(tree: RouteObject[], parent = ''): string[] {
  const paths: string[] = [];
  for (const route of tree) {
    const here = route.index ? parent : route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    if (route.index || (route.path !== undefined && !route.children)) paths.push(here || '/');
    if (route.children) paths.push(...routePaths(route.children, here));
  }
  return [...new Set(paths)];
}

const pageHost = await startImageHost();
const png = await samplePng();
for (const name of ['logo.png', 'boat.png', 'a-very-long-file-name-that-does-not-break-anywhere-on-a-phone-screen.png']) {
  pageHost.set(`/${name}`, { body: png, contentType: 'image/png' });
}
pageHost.set('/shop.html', {
  contentType: 'text/html',
  body: `<!doctype html><html lang="en"><head><title>Shop</title></head><body><header><a href="/"><img src="/logo.png"></a></header>
<main><h1>Our products</h1><figure><img src="/boat.png"><figcaption>A boat</figcaption></figure>
<img src="/a-very-long-file-name-that-does-not-break-anywhere-on-a-phone-screen.png" alt="IMG_20240101_123456789012345678901234567890.jpg">
<img src="/missing.png" alt="A pier"></main></body></html>`,
});
const env = useE2EEnvironment({ IMAGE_FETCH_ALLOW: pageHost.hostPort, PAGE_FETCH_ALLOW: pageHost.hostPort });
afterAll(() => pageHost.close());

const WIDTH = 320;

/** A value for each route parameter: real objects of the signed-in account, so the screens show content. */
async function parameterValues(registered: RegisteredAccount): Promise<Record<string, string>> {
  await apiCall(env.baseUrl, registered, 'POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_e2e_test' });
  const job = await apiCall<{ id: string }>(env.baseUrl, registered, 'POST', '/v1/jobs', {
    items: ['one.png', 'two.png'].map((name) => ({ imageUrl: `${pageHost.url}/${name === 'one.png' ? 'logo.png' : 'boat.png'}` })),
  });
  const audit = await apiCall<{ id: string }>(env.baseUrl, registered, 'POST', '/v1/audits', { url: `${pageHost.url}/shop.html`, suggest: true });
  expect([201, 202]).toContain(job.status);
  expect(audit.status).toBe(201);
  // A monitor of the shop with one completed run: its page shows the trend, what changed, images and pages.
  const monitor = await apiCall<{ id: string }>(env.baseUrl, registered, 'POST', '/v1/monitors', { url: `${pageHost.url}/shop.html`, maxPages: 5 });
  expect(monitor.status).toBe(201);
  const run = await apiCall<{ id: string }>(env.baseUrl, registered, 'POST', `/v1/monitors/${monitor.body.id}/runs`);
  expect(run.status).toBe(202);
  const runStatus = async () => (await apiCall<{ status: string }>(env.baseUrl, registered, 'GET', `/v1/monitors/${monitor.body.id}/runs/${run.body.id}`)).body.status;
  await expect.poll(runStatus, { timeout: 60_000 }).toBe('completed');
  return { 'jobs/:id': `jobs/${job.body.id}`, 'audit/:id': `audit/${audit.body.id}`, 'monitors/:id': `monitors/${monitor.body.id}` };
}

function concrete(path: string, values: Record<string, string>): string {
  if (path.endsWith('*')) return path.replace('*', 'no-such-page');
  for (const [pattern, value] of Object.entries(values)) if (path.endsWith(pattern)) return path.replace(pattern, value);
  if (path.includes(':')) throw new Error(`The reflow test has no value for ${path}: add one in parameterValues`);
  return path;
}

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  /** Controls drawn (partly) outside the viewport's width. */
  offScreen: string[];
  /** Controls whose box intersects a heading's box. */
  overlaps: string[];
}

/** Measured in the page: the document's width, and every visible control's box against the viewport and the headings. */
function measure(): Layout {
  const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])')].filter(shown);
  const headings = [...document.querySelectorAll('h1, h2, h3')].filter(shown);
  const width = document.documentElement.clientWidth;
  const offScreen = controls
    .filter((control) => {
      const box = control.getBoundingClientRect();
      return box.right > width + 1 || box.left < -1;
    })
    .map(describe);
  const overlaps: string[] = [];
  for (const heading of headings) {
    const h = heading.getBoundingClientRect();
    for (const control of controls) {
      if (control.contains(heading) || heading.contains(control)) continue;
      const c = control.getBoundingClientRect();
      // Touching edges are not an overlap; a pixel of anti-aliasing either way is tolerated.
      const across = Math.min(h.right, c.right) - Math.max(h.left, c.left);
      const down = Math.min(h.bottom, c.bottom) - Math.max(h.top, c.top);
      if (across > 1 && down > 1) overlaps.push(`${describe(control)} over ${describe(heading)}`);
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, offScreen, overlaps };
}

/**
 * How many of the page's requests for its content (data, scripts, images; not the document, whose
 * navigation a redirect or the app's router may leave unfinished in Playwright's events) are in flight.
 */
function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (request.resourceType() !== 'document') open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Until the page has no request in flight and starts none in the next two frames (a query that the
 * last answer set off counts as the same load). By events: `networkidle` waits for 500 ms without a
 * request after every screen, and this file visits about 70 (issue 30: it sat idle most of its 52 s).
 * Bounded: a screen that keeps a request open is measured as it is then.
 */
async function requestsSettled(page: Page, inFlight: () => number): Promise<void> {
  const nextFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const deadline = Date.now() + 10_000;
  do {
    await expect.poll(inFlight, { timeout: Math.max(deadline - Date.now(), 0) }).toBe(0).catch(() => undefined);
    await nextFrames();
  } while (inFlight() > 0 && Date.now() < deadline);
}

/** What is wrong with the screen at `path` at 320 px; null when it reflows. */
async function reflowProblems(page: Page, path: string, inFlight: () => number): Promise<(Layout & { path: string }) | null> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  // Screens that load data draw it after their heading: let the requests land first.
  await requestsSettled(page, inFlight);
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  const layout = await page.evaluate(measure);
  const fine = layout.scrollWidth <= layout.clientWidth && layout.clientWidth === WIDTH && layout.offScreen.length === 0 && layout.overlaps.length === 0;
  return fine ? null : { path, ...layout };
}

/** Visits every path, then fails with the list of every screen that does not reflow. */
async function expectAllReflow(page: Page, paths: string[]): Promise<void> {
  const inFlight = requestsInFlight(page);
  const problems = [];
  for (const path of paths) {
    const problem = await reflowProblems(page, path, inFlight);
    if (problem) problems.push(problem);
  }
  expect(problems).toEqual([]);
}

describe('Reflow at 320 CSS px (WCAG 1.4.10)', () => {
  const all = routePaths(routes);

  it('finds the screens in the route table', () => {
    for (const path of ['/', '/login', '/app/dashboard', '/app/audit', '/app/audit/:id', '/app/jobs/:id', '/app/monitors/:id', '/*']) expect(all).toContain(path);
  });

  it('every route reflows signed out', async () => {
    const page = await env.newPage({ viewport: { width: WIDTH, height: 640 } });
    await expectAllReflow(page, all.filter((candidate) => !candidate.includes(':')).map((path) => concrete(path, {})));
  });

  it('every route reflows signed in, with content in it', async () => {
    const registered = await registerViaApi(env.baseUrl, { firstName: 'Maximiliana', lastName: 'Featherstonehaugh-Wolfeschlegel' });
    const values = await parameterValues(registered);
    const page = await env.newPage({ viewport: { width: WIDTH, height: 640 } });
    await signInAs(page, registered);
    // Jobs finish fast here; the job screen is measured with its rows in it.
    await expectAllReflow(page, all.map((path) => concrete(path, values)));
  });
});
