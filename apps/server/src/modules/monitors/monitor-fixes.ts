// From a run to fixed pages: "Suggest alt text for the failing images" makes one bulk job over the
// run's distinct failing images (each with its page's words and purpose, as a page audit's
// suggestions), whose results go through the jobs' review queue; what a person approved there comes
// back as a fix list per page, each failing occurrence of the image with its suggested text.
import type { ImagePurpose, Job, MonitorFix, MonitorFixList } from '@altwise/shared';
import { MAX_JOB_ITEMS } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import type { JobsService } from '../jobs';
import { csvLine } from '../jobs';
import type { MonitorFixesRepository } from './monitor-fixes.repository';
import type { MonitorService } from './monitor.service';
import { runReportHtml } from './monitor-report';

/** What the fixes need of the bulk jobs (the jobs module's service fits it). */
export type FixJobs = Pick<JobsService, 'createFromItems' | 'get' | 'results' | 'cancel'>;

/** The failing occurrences one fix list or report reads at most. */
export const FIX_LIST_MAX = 20_000;
const RESULTS_PAGE = 500;
/** The item schema's bound on a purpose's label. */
const LABEL_CHARS = 500;
const CSV_COLUMNS = ['page_url', 'location', 'selector', 'image_url', 'current_alt', 'suggested_alt'];

/** One purpose as the job stores it (trimmed, its label within the item schema's bound). */
function purposeFor(stored: string | null): ImagePurpose | undefined {
  if (!stored) return undefined;
  const purpose = JSON.parse(stored) as ImagePurpose;
  const label = purpose.label?.trim().slice(0, LABEL_CHARS);
  return { kind: purpose.kind, ...(purpose.href?.trim() && { href: purpose.href.trim() }), ...(label && { label }) };
}

/** An image with its purpose and language, compared the same way whether read from an occurrence or from a job item. */
const groupKey = (imageUrl: string, purpose: ImagePurpose | undefined, language: string | null | undefined) =>
  JSON.stringify([imageUrl, purpose?.kind ?? null, purpose?.href ?? null, purpose?.label ?? null, language ?? null]);

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

export function createMonitorFixes(deps: { repository: MonitorFixesRepository; monitors: Pick<MonitorService, 'ownedRun' | 'toRun' | 'get'>; jobs: FixJobs; now: () => number }) {
  const { repository, jobs } = deps;

  /** The run's fix job as it is now; null when none was made or it is gone (its retention ended). */
  async function existingJob(userId: string, jobId: string | null): Promise<Job | null> {
    if (!jobId) return null;
    return jobs.get(userId, jobId).catch((error: unknown) => {
      if (isNotFound(error)) return null;
      throw error;
    });
  }

  /** Approved suggestions of the job, by image, purpose and language. */
  async function approvedTexts(userId: string, jobId: string): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (let cursor: string | undefined; ; ) {
      const page = await jobs.results(userId, jobId, { limit: RESULTS_PAGE, cursor, status: 'approved' });
      for (const item of page.items) {
        if (item.review === 'approved' && item.result && item.imageUrl) texts.set(groupKey(item.imageUrl, item.purpose, item.language), item.result.altText);
      }
      if (!page.nextCursor) return texts;
      cursor = page.nextCursor;
    }
  }

  async function fixes(userId: string, monitorId: string, runId: string): Promise<{ jobId: string | null; fixes: MonitorFix[] }> {
    const { run } = await deps.monitors.ownedRun(userId, monitorId, runId);
    const job = await existingJob(userId, run.fix_job_id);
    if (!job) return { jobId: null, fixes: [] };
    const texts = await approvedTexts(userId, job.id);
    if (texts.size === 0) return { jobId: job.id, fixes: [] };
    const list: MonitorFix[] = [];
    for (const occurrence of await repository.failingOccurrences(run.id, FIX_LIST_MAX)) {
      if (!occurrence.image_url) continue;
      const suggested = texts.get(groupKey(occurrence.image_url, purposeFor(occurrence.purpose), occurrence.language));
      if (suggested === undefined) continue;
      list.push({ pageUrl: occurrence.page_url, location: occurrence.location, selector: occurrence.selector, imageUrl: occurrence.image_url, currentAlt: occurrence.accessible_name, suggestedAlt: suggested });
    }
    return { jobId: job.id, fixes: list };
  }

  return {
    /** GET …/runs/{runId}/report.html: the run, what changed and its failing images by page. */
    async report(userId: string, monitorId: string, runId: string): Promise<string> {
      const { run: row } = await deps.monitors.ownedRun(userId, monitorId, runId);
      const run = await deps.monitors.toRun(row);
      const failing = await repository.failingOccurrences(row.id, FIX_LIST_MAX);
      return runReportHtml({
        monitor: await deps.monitors.get(userId, monitorId),
        run,
        comparedWithNumber: run.comparedWith ? await repository.runNumber(run.comparedWith) : null,
        failing,
        titles: await repository.pageTitles(row.id, [...new Set(failing.map((occurrence) => occurrence.page_url))]),
        generatedAt: new Date(deps.now()).toISOString(),
      });
    },

    /**
     * The run's fix job: made at the first call (202), the same job at every later one (200). Two
     * calls at once may both make one; only the first recorded stays, the other is cancelled before
     * its items run far.
     */
    async start(caller: Caller, monitorId: string, runId: string): Promise<{ job: Job; created: boolean }> {
      const { run } = await deps.monitors.ownedRun(caller.userId, monitorId, runId);
      const existing = await existingJob(caller.userId, run.fix_job_id);
      if (existing) return { job: existing, created: false };
      if (run.status !== 'completed') throw AppError.conflict(`The run is ${run.status}: its failing images are known once it has completed`);
      const images = await repository.failingImages(run.id, MAX_JOB_ITEMS);
      if (images.length === 0) throw AppError.conflict('The run found no failing image with a URL to describe');
      const job = await jobs.createFromItems(
        caller,
        // Each picture in its page's language; a page that declares none gets the job's (the account's).
        images.map((image, index) => ({ imageUrl: image.image_url!, context: image.context ?? undefined, id: String(index + 1), purpose: purposeFor(image.purpose), language: image.language ?? undefined })),
      );
      if (await repository.setFixJob(run.id, job.id, run.fix_job_id)) return { job, created: true };
      await jobs.cancel(caller.userId, job.id).catch(() => undefined);
      const winner = await existingJob(caller.userId, await repository.fixJobOf(run.id));
      if (!winner) throw AppError.conflict('The fix job of this run is being created; ask again');
      return { job: winner, created: false };
    },

    async list(userId: string, monitorId: string, runId: string): Promise<MonitorFixList> {
      const found = await fixes(userId, monitorId, runId);
      const pages = new Map<string, MonitorFixList['pages'][number]>();
      for (const { pageUrl, ...fix } of found.fixes) {
        const page = pages.get(pageUrl) ?? { pageUrl, fixes: [] };
        page.fixes.push(fix);
        pages.set(pageUrl, page);
      }
      return { jobId: found.jobId, pages: [...pages.values()], total: found.fixes.length };
    },

    /** The same list as CSV, one row per fix, every cell safe for spreadsheets (csvLine). */
    async csv(userId: string, monitorId: string, runId: string): Promise<string> {
      const found = await fixes(userId, monitorId, runId);
      return [CSV_COLUMNS, ...found.fixes.map((fix) => [fix.pageUrl, fix.location, fix.selector, fix.imageUrl, fix.currentAlt ?? '', fix.suggestedAlt])].map(csvLine).join('');
    },
  };
}

export type MonitorFixes = ReturnType<typeof createMonitorFixes>;
