/**
 * A site monitor over a 5,000-page loopback site (issue 37), run by bench/run.ts: 20,000 image
 * occurrences of 200 distinct pictures, found through the sitemap. Measures the server's RSS growth
 * during the crawl, the slowest /healthz while it runs beside the same probes with the server idle,
 * pages per second against the politeness limit (MONITOR_MIN_GAP_MS), and the comparison of two runs
 * of that size (the runner's own reads and compareRuns, timed on their own).
 */
import type { SitePage } from '@altwise/test-support/site-host';
import { startSiteHost } from '@altwise/test-support/site-host';
import { createMonitorRepository } from '../apps/server/src/modules/monitors/monitor.repository';
import { compareRuns } from '../apps/server/src/modules/monitors/monitor-compare';
import { registerUser, startTestServer } from '../apps/server/test/support/test-server';
import { slowestHealth } from './support/slowest-health';
import type { BenchRow } from './support/stats';

const PAGES = 5_000;
const IMAGES_PER_PAGE = 4;
const DISTINCT_IMAGES = 200;
/** The politeness limit of the bench: a request start every 20 ms (50 a second; production's default is 100 ms). */
const MIN_GAP_MS = 20;

function site(): Record<string, SitePage> {
  const pages: Record<string, SitePage> = {};
  for (let index = 0; index < PAGES; index += 1) {
    const path = index === 0 ? '/' : `/p/${index}.html`;
    pages[path] = {
      title: `Page ${index}`,
      images: Array.from({ length: IMAGES_PER_PAGE }, (_, slot) => {
        const picture = (index * IMAGES_PER_PAGE + slot) % DISTINCT_IMAGES;
        // Every fifth picture has no alt: failing occurrences for the comparison to count.
        return picture % 5 === 0 ? { src: `/img/${picture}.png` } : { src: `/img/${picture}.png`, alt: `Bridge at dawn, view ${picture}` };
      }),
      links: index === 0 ? [] : ['/'],
    };
  }
  return pages;
}

export async function benchMonitorCrawl(): Promise<BenchRow[]> {
  const pages = site();
  const paths = Object.keys(pages);
  const host = await startSiteHost({ pages, robots: 'User-agent: *\nAllow: /\n', sitemaps: { '/sitemap.xml': { urls: paths } } });
  const server = await startTestServer('sqlite', { PAGE_FETCH_ALLOW: host.hostPort, MONITOR_MIN_GAP_MS: String(MIN_GAP_MS) });
  try {
    const { token, user } = await registerUser(server);
    await server.app.db.updateTable('users').set({ plan: 'enterprise' }).where('id', '=', user.userId).execute();
    const created = await server.request('POST', '/api/v1/monitors', { token, body: { url: `${host.url}/`, maxPages: PAGES } });
    if (created.status !== 201) throw new Error(`monitor: ${created.status} ${JSON.stringify(created.body)}`);
    const monitorId = created.body.id as string;

    const runToEnd = async () => {
      const started = await server.request('POST', `/api/v1/monitors/${monitorId}/runs`, { token });
      if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
      const path = `/api/v1/monitors/${monitorId}/runs/${started.body.id}`;
      for (;;) {
        const run = (await server.request('GET', path, { token })).body;
        if (run.status === 'completed') return run;
        if (run.status === 'failed') throw new Error(`the run failed: ${JSON.stringify(run)}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };

    const idle = await slowestHealth(server, () => new Promise((resolve) => setTimeout(resolve, 3_000)));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 100);
    const startedAt = performance.now();
    let first: Awaited<ReturnType<typeof runToEnd>>;
    const during = await slowestHealth(server, async () => (first = await runToEnd()));
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    if (first.pagesCrawled !== PAGES || first.occurrences !== PAGES * IMAGES_PER_PAGE || first.distinctImages !== DISTINCT_IMAGES)
      throw new Error(`the run counted ${first.pagesCrawled} pages, ${first.occurrences} occurrences, ${first.distinctImages} images`);

    // A second run after one page lost an alt: the comparison of two runs of this size.
    host.setPage('/p/1.html', { ...pages['/p/1.html']!, images: pages['/p/1.html']!.images!.map((image) => ({ src: image.src })) });
    const second = await runToEnd();
    if (second.regressed < 1) throw new Error(`the second run found no regression: ${JSON.stringify(second)}`);
    const repository = createMonitorRepository(server.app.db);
    const compareStarted = performance.now();
    compareRuns(await repository.occurrencesOf(second.id), await repository.occurrencesOf(first.id), first.id);
    const compareMs = performance.now() - compareStarted;

    const limit = 1000 / MIN_GAP_MS;
    const perSecond = PAGES / seconds;
    const growthMb = (rssPeak - rssBefore) / 2 ** 20;
    const site5k = `${PAGES.toLocaleString('en-US')} pages, ${(PAGES * IMAGES_PER_PAGE).toLocaleString('en-US')} occurrences of ${DISTINCT_IMAGES} images (SQLite)`;
    return [
      {
        name: `monitor crawl: pages per second against the politeness limit (${limit}/s), ${site5k}`,
        measured: Number(perSecond.toFixed(1)),
        baseline: limit,
        ratio: Number((perSecond / limit).toFixed(2)),
        target: '≥ 0.9',
        pass: perSecond / limit >= 0.9,
        unit: 'pages/s',
      },
      {
        name: `monitor crawl: server RSS growth (peak, sampled every 100 ms), ${site5k}`,
        measured: Number(growthMb.toFixed(1)),
        target: '< 300 MB',
        pass: growthMb < 300,
        unit: 'MB',
      },
      {
        name: `monitor crawl: slowest /healthz during the crawl, beside the server idle`,
        measured: Number(during.toFixed(1)),
        baseline: Number(idle.toFixed(1)),
        ratio: Number((during / idle).toFixed(2)),
        target: '< 250 ms',
        pass: during < 250,
        unit: 'ms',
      },
      {
        name: `monitor: comparing two runs of ${(PAGES * IMAGES_PER_PAGE).toLocaleString('en-US')} occurrences (both runs read, then compared)`,
        measured: Number(compareMs.toFixed(0)),
        target: '< 2000 ms',
        pass: compareMs < 2000,
        unit: 'ms',
      },
    ];
  } finally {
    await server.close();
    await host.close();
  }
}
