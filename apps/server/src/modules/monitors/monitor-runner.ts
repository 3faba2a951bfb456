// Runs monitors' crawls off the request, on whichever instance claims them, and starts scheduled
// runs. A run is leased (renewed while it works): when its instance dies, the lease lapses, another
// instance (or this one, restarted) claims it and resumes from the pages it stored. The scheduler
// ticks on every instance; each due monitor's run is inserted by exactly one (monitor.repository.ts).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { fetchPage, fetchSiteFile, isEngineError } from '@altwise/engine';
import type { AppContext } from '../../platform/context';
import { createSweepLoop } from '../../platform/sweep-loop';
import type { PageParsePool } from '../audits';
import { suggestionContext, verdictOf } from '../audits';
import type { CrawledPage, CrawlFindings } from './crawl';
import { crawlSite, LINKS_PER_PAGE } from './crawl';
import { patternMatcher } from './crawl-urls';
import { createHostLimiter, retryAfterMs } from './host-limiter';
import type { MonitorAlerts } from './monitor-alerts';
import { alertReasons } from './monitor-alerts';
import { compareRuns, FAILING_VERDICTS } from './monitor-compare';
import type { MonitorRepository, OccurrenceRow, RunRow } from './monitor.repository';
import { createMonitorScheduler } from './monitor-scheduler';
import { checkPictures } from './monitor-pictures';

/** Runs one instance crawls at once (each is polite to its own host). */
const RUNS_PER_INSTANCE = 2;
/** Images described per page (the rest counted as the audits do). */
const IMAGES_PER_PAGE = 500;
/** A 429 or 503 is retried this many times per URL, after the host's Retry-After (at most a minute). */
const BACKOFF_TRIES = 2;
const MAX_BACKOFF_MS = 60_000;
const DEFAULT_BACKOFF_MS = 5_000;

export interface MonitorRunnerDeps {
  ctx: AppContext;
  repository: MonitorRepository;
  parser: PageParsePool;
  logger: FastifyBaseLogger;
  pollMs: number;
  /** Regressions or low coverage found by a run (none: no alerts, as in tests of the crawl alone). */
  alerts?: MonitorAlerts;
  /** A mail was queued (the outbox is woken once the transaction committed). */
  onMailQueued?: () => void;
  /** Why a scheduled run may not start (the plan's runs per day), or null. */
  runRefusal?: (userId: string, at: number) => Promise<string | null>;
}

export function createMonitorRunner({ ctx, repository, parser, logger, pollMs, alerts, onMailQueued, runRefusal }: MonitorRunnerDeps) {
  const owner = `monitors-${randomUUID()}`;
  // A run's lease: renewed every quarter of it while the run works, taken over once it lapsed. The
  // staleness window of job-item leases and heartbeats (INSTANCE_DEAD_AFTER_MS, 10 s by default).
  const LEASE_MS = ctx.config.instanceDeadAfterMs;
  const running = new Map<string, Promise<void>>();
  let stopping = false;

  /** The guarded fetch of the audits (SSRF guard, PAGE_FETCH_ALLOW), no redirect off the site, politely, with backoff. */
  function politeFetch(origin: string, limiter: ReturnType<typeof createHostLimiter>) {
    const options = {
      allow: ctx.config.pages.fetchAllow,
      timeoutMs: ctx.config.images.fetchTimeoutMs,
      followRedirect: (next: URL) => next.origin === origin,
    };
    async function withBackoff<T>(attempt: () => Promise<T>): Promise<T> {
      for (let tries = 0; ; tries += 1) {
        try {
          return await limiter.run(attempt);
        } catch (error) {
          const busy = isEngineError(error) && (error.status === 429 || error.status === 503);
          if (!busy || tries >= BACKOFF_TRIES || stopping) throw error;
          limiter.pause(retryAfterMs(error.retryAfter, Date.now(), DEFAULT_BACKOFF_MS, MAX_BACKOFF_MS));
        }
      }
    }
    return {
      page: (url: string) => withBackoff(() => fetchPage(url, options)),
      bytes: (url: string, maxBytes: number) => withBackoff(() => fetchSiteFile(url, { ...options, maxBytes })),
    };
  }

  function occurrencesOf(runId: string, page: CrawledPage): OccurrenceRow[] {
    return (page.page?.images ?? []).map((image) => {
      const { verdict, issues } = verdictOf(image, image.language);
      // What a suggestion for it is written from, as a page audit's (kept for failing ones only: the rest are never described).
      const failing = FAILING_VERDICTS.has(verdict);
      return {
        run_id: runId,
        page_url: page.url,
        // One picture on many pages is one image; an inline SVG is its own.
        image_key: image.imageUrl ?? `inline:${page.url}#${image.selector}`,
        image_url: image.imageUrl,
        selector: image.selector,
        location: image.location,
        accessible_name: image.accessibleName,
        verdict,
        issues: issues.map((issue) => issue.id).join(' '),
        context: failing ? suggestionContext(page.page?.pageTitle ?? null, image) || null : null,
        purpose: failing && image.purpose ? JSON.stringify(image.purpose) : null,
        // The language its suggestion is written in: the page's, as the audit reads it (its own lang or its nearest ancestor's).
        language: failing ? (image.language ?? null) : null,
      };
    });
  }

  async function execute(run: RunRow): Promise<void> {
    const monitor = await ctx.db.selectFrom('monitors').selectAll().where('id', '=', run.monitor_id).executeTakeFirst();
    if (!monitor) return;
    let lost = false;
    let lastRenewal = ctx.now();
    const renew = async () => {
      if (ctx.now() - lastRenewal < LEASE_MS / 4) return;
      lastRenewal = ctx.now();
      if (!(await repository.renewLease(run.id, owner, lastRenewal + LEASE_MS))) lost = true;
    };
    const renewal = setInterval(() => void renew().catch(() => undefined), LEASE_MS / 4).unref();
    const start = new URL(monitor.url);
    const limiter = createHostLimiter({ concurrency: 2, minGapMs: ctx.config.monitors.minGapMs });
    const fetcher = politeFetch(start.origin, limiter);
    const include = patternMatcher(monitor.include ? (JSON.parse(monitor.include) as string[]) : null);
    const exclude = patternMatcher(monitor.exclude ? (JSON.parse(monitor.exclude) as string[]) : null);
    const storedPages = await repository.storedPages(run.id);
    let position = storedPages.size;
    try {
      const { findings, allowed } = await crawlSite({
        start,
        maxPages: monitor.max_pages,
        inScope: (path) => path === start.pathname + start.search || ((!include || include(path)) && !exclude?.(path)),
        fetchBytes: fetcher.bytes,
        fetchPage: fetcher.page,
        parse: (html, url) => parser.parse(html, url, IMAGES_PER_PAGE, LINKS_PER_PAGE),
        storedSeeds: run.seeds ? (JSON.parse(run.seeds) as string[]) : null,
        saveSeeds: (seeds, found) => repository.saveSeeds(run.id, owner, seeds, found),
        storedPages,
        savePage: async (page) => {
          await renew();
          if (lost) return;
          await repository.savePage(
            { run_id: run.id, url: page.url, position: position++, status: page.status, reason: page.reason, title: page.page?.pageTitle ?? null, images: page.page?.images.length ?? 0, discovered: JSON.stringify(page.discovered) },
            occurrencesOf(run.id, page),
          );
        },
        setCrawlDelay: (ms) => limiter.setMinGap(ms),
        stopped: () => stopping || lost,
      });
      if (lost) return;
      if (stopping) return void (await repository.releaseLease(run.id, owner));
      const pictures = await checkPictures(run.id, {
        repository,
        limiter,
        origin: start.origin,
        allowed,
        fetch: { allow: ctx.config.pages.fetchAllow, timeoutMs: ctx.config.images.fetchTimeoutMs, maxBytes: ctx.config.images.maxBytes },
        stopped: () => stopping || lost,
      });
      if (lost) return;
      if (stopping) return void (await repository.releaseLease(run.id, owner));
      await complete(run, monitor, { ...findings, pictures });
    } catch (error) {
      if (stopping || lost) return;
      logger.warn({ err: error, runId: run.id }, 'monitor run failed');
      await repository.finish(run.id, owner, { status: 'failed', summary: null, error: error instanceof Error ? error.message : 'The run failed', finishedAt: ctx.now() });
    } finally {
      clearInterval(renewal);
    }
  }

  async function complete(run: RunRow, monitor: { id: string; url: string; coverage_threshold: number | null }, findings: CrawlFindings): Promise<void> {
    const fresh = await repository.getRun(run.id);
    // A resumed run read its seeds' findings in an earlier attempt: keep those, add this attempt's counts.
    const stored = fresh?.findings ? (JSON.parse(fresh.findings) as CrawlFindings) : null;
    const merged: CrawlFindings = { ...findings, robots: findings.robots ?? stored?.robots ?? null, sitemaps: findings.sitemaps ?? stored?.sitemaps ?? null };
    const previous = await repository.previousCompleted(run.monitor_id, run.number);
    const figures = compareRuns(await repository.occurrencesOf(run.id), previous ? await repository.occurrencesOf(previous.id) : null, previous?.id ?? null);
    const pages = await repository.pageCounts(run.id);
    const summary = { ...figures, pagesCrawled: pages.ok, pagesSkipped: pages.skipped, pagesFailed: pages.failed };
    const threshold = monitor.coverage_threshold === null ? null : Number(monitor.coverage_threshold);
    const alerting = alertReasons({ regressed: figures.regressed ?? 0, coverage: figures.coverage }, threshold).length > 0;
    const recipient = alerts && alerting ? await alerts.recipientOf(run.user_id) : null;
    const mailed = await ctx.db.transaction().execute(async (trx) => {
      const finished = await repository.finish(run.id, owner, { status: 'completed', summary: JSON.stringify(summary), error: null, findings: JSON.stringify(merged), finishedAt: ctx.now() }, trx);
      // Queued with the completion, which one attempt of the run commits: one alert per run.
      if (!finished || !alerts || !recipient || !alerting) return false;
      return alerts.regressed(
        {
          userId: run.user_id,
          monitor: { id: monitor.id, url: monitor.url },
          run: { id: run.id, number: Number(run.number) },
          regressed: figures.regressed ?? 0,
          failing: figures.failing ?? 0,
          coverage: figures.coverage,
          coverageThreshold: threshold,
        },
        recipient,
        trx,
      );
    });
    if (mailed) onMailQueued?.();
  }

  const schedule = createMonitorScheduler(repository, ctx.now, runRefusal);

  async function sweepOnce(): Promise<boolean> {
    await schedule.tick();
    if (running.size >= RUNS_PER_INSTANCE || stopping) return false;
    const run = await repository.claimRun(owner, ctx.now(), LEASE_MS);
    if (!run) return false;
    const work = execute(run)
      .catch((error: unknown) => logger.error({ err: error, runId: run.id }, 'monitor run crashed'))
      .finally(() => {
        running.delete(run.id);
        loop.wake();
      });
    running.set(run.id, work);
    return running.size < RUNS_PER_INSTANCE;
  }

  const loop = createSweepLoop({ everyMs: pollMs, sweepOnce, onError: (error) => logger.warn({ err: error }, 'monitor sweep failed; retrying') });

  return {
    owner,
    /** Looks for work now (a run was queued). */
    wake: () => loop.wake(),
    start: () => {
      stopping = false;
      loop.start();
    },
    /** Runs under way stop where they are; their lease lapses and a later claim resumes them. */
    async stop(): Promise<void> {
      stopping = true;
      await loop.stop();
      await Promise.all(running.values());
    },
  };
}

export type MonitorRunner = ReturnType<typeof createMonitorRunner>;
