// Issue 37, "Fix", end to end: a site served from a folder of HTML files is crawled by a real server,
// its failing pictures go through the run's fix job and a person's review, and `altwise monitor fixes
// --apply` writes what was approved back into those very files, on the elements the run judged (the
// crawl's selectors found again in the files), escaped, every other byte kept; a second apply changes
// nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeVisionServer } from '@altwise/test-support/fake-vision-server';
import { startFakeVisionServer } from '@altwise/test-support/fake-vision-server';
import type { SiteHost } from '@altwise/test-support/site-host';
import { startSiteHost } from '@altwise/test-support/site-host';
import type { TestServer } from '@altwise/server/test-support/test-server';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import { distinctPng, setPlan } from '@altwise/server/alt-text-test-support';
import { runAltwise } from './run-altwise';

const POLL = { timeout: 30_000, interval: 100 };

/** The site's files, served as they are. The cart icon is twice on the shop page: a link's only content, and beside text. */
const FILES: Record<string, string> = {
  'index.html': `<!doctype html>\n<html lang="en">\n<head><title>Home</title></head>\n<body>\n  <header><img src="/logo.png" alt="Acme"></header>\n  <main>\n    <h1>Home</h1>\n    <p><img src="photos/bike.png"></p>\n    <a href="shop/">Shop</a> <a href="about.html">About</a>\n  </main>\n</body>\n</html>\n`,
  'about.html': `<!doctype html>\n<html lang="en">\n<head><title>About</title></head>\n<body>\n  <header><img src="/logo.png" alt="Acme"></header>\n  <main>\n    <h1>About</h1>\n    <img src='/photos/team.png' alt='IMG_2041.png' class="wide">\n  </main>\n</body>\n</html>\n`,
  'shop/index.html': `<!doctype html>\n<html lang="en">\n<head><title>Shop</title></head>\n<body>\n  <header><img src="/logo.png" alt="Acme"></header>\n  <main>\n    <a href="/cart"><img src="/cart.png"></a>\n    <p><img src="/cart.png"> Your cart is empty.</p>\n  </main>\n</body>\n</html>\n`,
};

describe('altwise monitor fixes --apply, against a real server', () => {
  let folder: string;
  let site: SiteHost;
  let vision: FakeVisionServer;
  let server: TestServer;
  let token: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-site-'));
    for (const [name, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), text);
    }
    const html = (name: string) => ({ body: FILES[name]!, contentType: 'text/html; charset=utf-8' });
    const png = async () => ({ body: await distinctPng(24), contentType: 'image/png' });
    site = await startSiteHost({
      pages: {},
      raw: { '/': html('index.html'), '/about.html': html('about.html'), '/shop/': html('shop/index.html'), '/photos/bike.png': await png(), '/photos/team.png': await png(), '/cart.png': await png(), '/logo.png': await png() },
    });
    vision = await startFakeVisionServer();
    server = await startTestServer('sqlite', {
      PAGE_FETCH_ALLOW: site.hostPort,
      IMAGE_FETCH_ALLOW: site.hostPort,
      MONITOR_MIN_GAP_MS: '0',
      ALT_PROVIDER: 'openai-compatible',
      OPENAI_BASE_URL: vision.url,
      OPENAI_API_KEY: 'test',
    });
    const session = await registerUser(server);
    token = session.token;
    await setPlan(server, session.user.userId as string, 'pro');
    const apiKey = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    env = { ...process.env, ALTWISE_API_KEY: apiKey, ALTWISE_URL: server.url } as Record<string, string>;
  });
  afterAll(async () => {
    await server?.close();
    await vision?.close();
    await site?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const altwise = (args: string[]) => runAltwise(args, env);

  it('writes the approved alts into the files the pages are served from, once', async () => {
    const created = await altwise(['monitor', 'create', `${site.url}/`, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    const run = await altwise(['monitor', 'run', id, '--json']);
    const runId = JSON.parse(run.stdout).id as string;
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', pagesCrawled: 3, failing: 4 });

    const job = (await server.request('POST', `/api/v1/monitors/${id}/runs/${runId}/fix`, { token })).body;
    await expect.poll(async () => (await server.request('GET', `/api/v1/jobs/${job.id}`, { token })).body.status, POLL).toBe('completed');
    const items = (await server.request('GET', `/api/v1/jobs/${job.id}/results`, { token })).body.items as any[];
    // Three pictures, the cart twice (as a link's only content, and beside text): four items.
    expect(items).toHaveLength(4);
    const texts = new Map<string, string>([
      ['bike.png', 'A red "city" bike <b>\nleaning on a wall'],
      ['team.png', "The team's picnic & a dog"],
      ['cart.png:link', 'Cart'],
      ['cart.png', 'Shopping cart'],
    ]);
    for (const item of items) {
      const key = `${item.imageUrl.split('/').pop()}${item.purpose?.kind === 'link' ? ':link' : ''}`;
      const review = await server.request('PATCH', `/api/v1/jobs/${job.id}/results/${item.id}`, { token, body: { status: 'approved', altText: texts.get(key) } });
      expect(review.status, key).toBe(200);
    }

    const applied = await altwise(['monitor', 'fixes', id, '--apply', folder]);
    expect(applied.code, `${applied.stdout}\n${applied.stderr}`).toBe(0);
    expect(applied.stdout).toContain('Wrote 4 fixes in 3 files; 0 already written.');
    const read = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');
    expect(read('index.html')).toBe(FILES['index.html']!.replace('<img src="photos/bike.png">', '<img src="photos/bike.png" alt="A red &quot;city&quot; bike &lt;b&gt; leaning on a wall">'));
    expect(read('about.html')).toBe(FILES['about.html']!.replace("alt='IMG_2041.png'", "alt='The team&#39;s picnic &amp; a dog'"));
    expect(read('shop/index.html')).toBe(FILES['shop/index.html']!.replace('<a href="/cart"><img src="/cart.png">', '<a href="/cart"><img src="/cart.png" alt="Cart">').replace('<p><img src="/cart.png">', '<p><img src="/cart.png" alt="Shopping cart">'));

    const again = await altwise(['monitor', 'fixes', id, '--apply', folder, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ placed: [], unplaced: [], filesChanged: [], patch: '' });
    expect(JSON.parse(again.stdout).already).toHaveLength(4);
  });
});
