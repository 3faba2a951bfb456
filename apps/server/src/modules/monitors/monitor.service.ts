// Site monitors' rules: who may have how many monitors and runs (MONITOR_LIMITS), what a run looks
// like from outside, what changed, the trend. The crawl itself runs off the request (monitor-runner.ts).
import { randomUUID } from 'node:crypto';
import type { Monitor, MonitorRun, PlanId } from '@altwise/shared';
import type { monitorCreateSchema, monitorUpdateSchema } from '@altwise/shared';
import { DAY_MS, getPlan, MONITOR_LIMITS } from '@altwise/shared';
import { checkOutboundUrl, isEngineError } from '@altwise/engine';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { CrawlFindings } from './crawl';
import type { RunFigures } from './monitor-compare';
import type { MonitorRepository, MonitorRow, RunRow } from './monitor.repository';
import { nextRunAt, scheduleProblem } from './schedule';

/** Runs listed per monitor, newest first. */
const RUNS_LISTED = 100;
/** Points of the trend: the last completed runs. */
const TREND_POINTS = 100;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const patterns = (text: string | null) => (text ? (JSON.parse(text) as string[]) : null);

function toMonitor(row: MonitorRow): Monitor {
  return {
    id: row.id,
    url: row.url,
    schedule: row.schedule,
    maxPages: row.max_pages,
    include: patterns(row.include),
    exclude: patterns(row.exclude),
    coverageThreshold: row.coverage_threshold === null ? null : Number(row.coverage_threshold),
    nextRunAt: iso(row.next_run_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

type StoredSummary = RunFigures & { pagesCrawled: number; pagesSkipped: number; pagesFailed: number };

export function createMonitorService({ ctx, repository, planOf, wake }: { ctx: AppContext; repository: MonitorRepository; planOf: (userId: string) => Promise<string>; wake: () => void }) {
  const limitsOf = async (userId: string) => {
    const plan = getPlan(await planOf(userId));
    return { plan, limits: MONITOR_LIMITS[plan.id as PlanId] };
  };

  async function owned(userId: string, id: string): Promise<MonitorRow> {
    const row = await repository.findMonitor(userId, id);
    // Another account's monitor is not found: its existence is nobody else's business.
    if (!row) throw AppError.notFound('Monitor not found');
    return row;
  }

  function checkSchedule(schedule: string): void {
    const problem = scheduleProblem(schedule, ctx.now());
    if (problem) throw AppError.validationFailed([{ field: 'schedule', message: problem }]);
  }

  /** More pages than the plan's per run are lowered to them: the monitor answered says what was kept. */
  const pagesKept = (maxPages: number, pagesPerRun: number) => Math.min(maxPages, pagesPerRun);

  async function toRun(row: RunRow): Promise<MonitorRun> {
    const summary = row.summary ? (JSON.parse(row.summary) as StoredSummary) : null;
    const pages = summary ? { ok: summary.pagesCrawled, skipped: summary.pagesSkipped, failed: summary.pagesFailed } : await repository.pageCounts(row.id);
    return {
      id: row.id,
      monitorId: row.monitor_id,
      number: Number(row.number),
      status: row.status,
      trigger: row.trigger,
      createdAt: iso(row.created_at)!,
      startedAt: iso(row.started_at),
      finishedAt: iso(row.finished_at),
      error: row.error,
      pagesCrawled: pages.ok,
      pagesSkipped: pages.skipped,
      pagesFailed: pages.failed,
      distinctImages: summary?.distinctImages ?? null,
      occurrences: summary?.occurrences ?? null,
      failing: summary?.failing ?? null,
      new: summary?.new ?? null,
      fixed: summary?.fixed ?? null,
      regressed: summary?.regressed ?? null,
      removed: summary?.removed ?? null,
      unchanged: summary?.unchanged ?? null,
      coverage: summary?.coverage ?? null,
      rules: summary?.rules ?? null,
      comparedWith: summary?.comparedWith ?? null,
      changes: summary?.changes ?? null,
      findings: row.findings ? (JSON.parse(row.findings) as CrawlFindings) : null,
    };
  }

  /** A run of the caller's monitor, with it; another account's is not found. */
  async function ownedRun(userId: string, monitorId: string, runId: string): Promise<{ monitor: MonitorRow; run: RunRow }> {
    const monitor = await owned(userId, monitorId);
    const run = await repository.findRun(monitorId, runId);
    if (!run) throw AppError.notFound('Run not found');
    return { monitor, run };
  }

  /** Why the account may start no run now (its plan's runs per day), or null: the scheduler asks too. */
  async function runRefusal(userId: string, at: number): Promise<string | null> {
    const { plan, limits } = await limitsOf(userId);
    if ((await repository.countRunsSince(userId, at - DAY_MS)) < limits.runsPerDay) return null;
    return `The ${plan.name} plan allows ${limits.runsPerDay} monitor runs per day.`;
  }

  return {
    runRefusal,
    ownedRun,
    toRun,

    async create(userId: string, input: z.output<typeof monitorCreateSchema>): Promise<Monitor> {
      const { plan, limits } = await limitsOf(userId);
      if ((await repository.countMonitors(userId)) >= limits.monitors) {
        throw AppError.forbidden(`The ${plan.name} plan keeps at most ${limits.monitors} monitor${limits.monitors === 1 ? '' : 's'}${plan.id === 'enterprise' ? '' : '; upgrade for more'}.`);
      }
      checkSchedule(input.schedule);
      // The same guard as every crawl fetch, now: a private address is refused when saved, not at the first run.
      try {
        await checkOutboundUrl(input.url, { allow: ctx.config.pages.fetchAllow });
      } catch (error) {
        if (!isEngineError(error)) throw error;
        const message = error.message.replace(/image/g, 'site');
        throw new AppError(error.code === 'url_not_allowed' ? 'url_not_allowed' : 'validation_failed', message, 400, [{ field: 'url', message }]);
      }
      const now = ctx.now();
      const row: MonitorRow = {
        id: randomUUID(),
        user_id: userId,
        url: new URL(input.url).href,
        schedule: input.schedule,
        max_pages: pagesKept(input.maxPages, limits.pagesPerRun),
        include: input.include?.length ? JSON.stringify(input.include) : null,
        exclude: input.exclude?.length ? JSON.stringify(input.exclude) : null,
        next_run_at: nextRunAt(input.schedule, now),
        created_at: now,
        updated_at: now,
        coverage_threshold: input.coverageThreshold ?? null,
      };
      await repository.insertMonitor(row);
      return toMonitor(row);
    },

    async list(userId: string): Promise<Monitor[]> {
      return (await repository.listMonitors(userId)).map(toMonitor);
    },

    get: async (userId: string, id: string) => toMonitor(await owned(userId, id)),

    async update(userId: string, id: string, input: z.output<typeof monitorUpdateSchema>): Promise<Monitor> {
      const row = await owned(userId, id);
      const now = ctx.now();
      const values: Partial<MonitorRow> = { updated_at: now };
      if (input.maxPages !== undefined) {
        const { limits } = await limitsOf(userId);
        values.max_pages = pagesKept(input.maxPages, limits.pagesPerRun);
      }
      if (input.schedule !== undefined && input.schedule !== row.schedule) {
        checkSchedule(input.schedule);
        values.schedule = input.schedule;
        values.next_run_at = nextRunAt(input.schedule, now);
      }
      if (input.include !== undefined) values.include = input.include?.length ? JSON.stringify(input.include) : null;
      if (input.exclude !== undefined) values.exclude = input.exclude?.length ? JSON.stringify(input.exclude) : null;
      if (input.coverageThreshold !== undefined) values.coverage_threshold = input.coverageThreshold;
      await repository.updateMonitor(userId, id, values);
      return toMonitor({ ...row, ...values });
    },

    /** The monitor, its runs and their pages and occurrences (a run under way stops at its next page). */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteMonitor(userId, id))) throw AppError.notFound('Monitor not found');
    },

    /** Queues a run now (202): one at a time per monitor, within the plan's runs per day. */
    async startRun(userId: string, monitorId: string): Promise<MonitorRun> {
      await owned(userId, monitorId);
      if (await repository.activeRun(monitorId)) throw AppError.conflict('A run of this monitor is already queued or running');
      const now = ctx.now();
      const refused = await runRefusal(userId, now);
      if (refused) throw AppError.tooManyRequests(refused, 3600);
      const run = await repository.insertRun({
        id: randomUUID(),
        monitor_id: monitorId,
        user_id: userId,
        status: 'queued',
        trigger: 'manual',
        seeds: null,
        findings: null,
        summary: null,
        error: null,
        lease_owner: null,
        lease_until: null,
        created_at: now,
        started_at: null,
        finished_at: null,
        fix_job_id: null,
      });
      wake();
      return toRun(run);
    },

    async listRuns(userId: string, monitorId: string): Promise<MonitorRun[]> {
      await owned(userId, monitorId);
      return Promise.all((await repository.listRuns(monitorId, RUNS_LISTED)).map(toRun));
    },

    getRun: async (userId: string, monitorId: string, runId: string) => toRun((await ownedRun(userId, monitorId, runId)).run),

    async images(userId: string, monitorId: string, runId: string, query: { limit: number; offset: number; failing?: 'true' | 'false'; rule?: string }) {
      await ownedRun(userId, monitorId, runId);
      const { rows, total } = await repository.imagesOf(runId, { limit: query.limit, offset: query.offset, failing: query.failing === 'true', rule: query.rule });
      return {
        total,
        images: rows.map((row) => ({
          imageUrl: row.image_url ?? null,
          occurrences: Number(row.occurrences),
          failing: Number(row.failing),
          pages: Number(row.pages),
          examplePage: String(row.example_page),
          exampleName: row.example_name ?? null,
        })),
      };
    },

    async pages(userId: string, monitorId: string, runId: string, query: { limit: number; offset: number; status?: 'ok' | 'skipped' | 'failed' }) {
      await ownedRun(userId, monitorId, runId);
      const { rows, total } = await repository.pagesOf(runId, query);
      return { total, pages: rows.map((row) => ({ ...row, images: Number(row.images) })) };
    },

    async trend(userId: string, monitorId: string) {
      await owned(userId, monitorId);
      const runs = await repository.completedRuns(monitorId, TREND_POINTS);
      return {
        points: runs.map((run) => {
          const summary = JSON.parse(run.summary!) as StoredSummary;
          return {
            runId: run.id,
            number: Number(run.number),
            finishedAt: iso(run.finished_at)!,
            pagesCrawled: summary.pagesCrawled,
            distinctImages: summary.distinctImages ?? 0,
            occurrences: summary.occurrences ?? 0,
            failing: summary.failing ?? 0,
            regressed: summary.regressed ?? 0,
            coverage: summary.coverage,
          };
        }),
      };
    },
  };
}

export type MonitorService = ReturnType<typeof createMonitorService>;
