import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ImagePurpose, Job, JobEstimate, JobItem, JobMode, JobModes, ReviewRequest, RowError } from '@altwise/shared';
import { DEFAULT_VERIFY_SAMPLES, JOB_FORBIDDEN_MESSAGE, getPlan } from '@altwise/shared';
import type { Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { csvLine } from './csv';
import type { JobFilesRepository } from './job-files';
import { duplicatesAtCreation } from './job-duplicates';
import type { JobQuotaStatus } from './job-estimate';
import { estimateOf } from './job-estimate';
import { reviewContextOf, toJobItem } from './job-item-view';
import { UNNAMED_JOB, jobNameOf } from './job-name';
import type { JobRow as InputRow, ParsedRows } from './job-input';
import { rowsFromItems } from './job-input';
import type { ItemFilter, JobRow, JobsRepository, NewJobRow } from './jobs.repository';
import type { StatusCounts } from './job-counts.repository';
import { reviewedResult } from './reviewed-result';

export interface JobOptions {
  language?: string;
  maxLength?: number;
  webhookUrl?: string;
  /** standard (default) or economy: the provider's batch API (economy/). */
  mode?: JobMode;
  /** Verified alt text: each item read `samples` times (default 3), one unit per reading. */
  verify?: boolean;
  samples?: number;
  /** The job's name; without it the job is named by its source (job-name.ts). */
  name?: string;
}

/** Readings per image of a job: `samples` (default 3) with verify, else 1. */
export function jobReadings(options: Pick<JobOptions, 'verify' | 'samples'>): number {
  return options.verify ? (options.samples ?? DEFAULT_VERIFY_SAMPLES) : 1;
}

const NOT_FOUND = 'Job not found';
/** How the note of an economy job run as standard begins (the job's effectiveMode is read from it). */
export const STANDARD_FALLBACK = 'Runs as a standard job';
const ACTIVE_STATUSES = new Set(['queued', 'running']);
const EXPORT_PAGE = 500;
// input_tokens, output_tokens: as the provider reported them; empty where no model was called.
const RESULT_COLUMNS = ['alt_text', 'long_description', 'is_decorative', 'wcag_compliant', 'issues', 'status', 'error', 'input_tokens', 'output_tokens'];

/** The purpose stored with an item (issue 19); none for items stored before it. */

const iso = (ms: number | null | string) => (ms === null ? null : new Date(Number(ms)).toISOString());

function encodeCursor(row: { created_at: number; id: string }): string {
  return Buffer.from(`${Number(row.created_at)}:${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (!createdAt || !id || !/^\d+$/.test(createdAt)) throw AppError.badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor' }]);
  return { createdAt: Number(createdAt), id };
}

export function createJobsService(deps: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  repository: JobsRepository;
  /** An upload's files, claimed by the job made of them. */
  files: Pick<JobFilesRepository, 'claim'>;
  planOf: (userId: string) => Promise<string>;
  /** The account's quota windows now (estimates). */
  quotaStatus: (userId: string, executor?: Executor) => Promise<JobQuotaStatus>;
  /** Tells the dispatcher a job was stored. */
  wake: () => void;
  aliveSince: () => number;
  /** Refuses a webhook URL the SSRF guard blocks, or an account without a signing secret. */
  validateWebhook: (userId: string, url: string) => Promise<void>;
  /** The account's default webhook URL (Settings), for a job created without one. */
  defaultWebhook: (userId: string) => Promise<string | null>;
  /** A job was cancelled: runs in the cancellation's transaction (the account's job.finished event). */
  onCancelled?: (jobId: string, trx: Transaction<Database>) => Promise<void>;
  /** How a job asked in `mode` runs here (economy/economy-mode.ts); standard when not given. */
  modeOf?: (mode: JobMode) => { effective: JobMode; note: string | null };
}) {
  const { ctx, repository, files } = deps;

  function toJob(row: NewJobRow, counts: StatusCounts, quota: JobQuotaStatus): Job {
    const options = JSON.parse(row.options) as JobOptions;
    const now = ctx.now();
    const total = Number(row.total);
    const done = counts.succeeded + counts.failed;
    const startedAt = row.started_at === null ? null : Number(row.started_at);
    const waitingUntil = row.waiting_until === null ? null : Number(row.waiting_until);
    // The pace so far, applied to what is left; unknown until something finished.
    const eta = row.status === 'running' && startedAt !== null && done > 0 ? Math.ceil((((now - startedAt) / done) * counts.pending) / 1000) : null;
    return {
      id: row.id,
      name: row.name ?? UNNAMED_JOB,
      status: row.status as Job['status'],
      total,
      counts: { total, pending: counts.pending, succeeded: counts.succeeded, failed: counts.failed, cancelled: counts.cancelled, skipped: Number(row.skipped) },
      language: options.language,
      maxLength: options.maxLength,
      ...(jobReadings(options) > 1 && { samples: jobReadings(options) }),
      webhookUrl: row.webhook_url,
      createdAt: iso(row.created_at)!,
      startedAt: iso(startedAt),
      finishedAt: iso(row.finished_at),
      etaSeconds: eta === null ? null : Math.max(eta, waitingUntil && waitingUntil > now ? Math.ceil((waitingUntil - now) / 1000) : 0),
      waitingForQuotaUntil: row.status === 'running' && waitingUntil !== null && waitingUntil > now ? iso(waitingUntil) : null,
      rowErrors: JSON.parse(row.row_errors) as RowError[],
      // Items not yet known as someone's duplicate count as distinct: exact once every image was read.
      distinctImages: counts.distinct,
      // What the job will still use: its pending distinct images (nothing once it has ended).
      estimate: estimateOf({ units: ACTIVE_STATUSES.has(row.status) ? counts.pendingDistinct : 0, deduplicated: counts.pendingDistinct === 0, readings: jobReadings(options) }, quota, now),
      // Economy mode (economy/): asked, run, and why they differ.
      mode: (row.mode ?? 'standard') as JobMode,
      effectiveMode: row.mode === 'economy' ? economyEffective(row) : 'standard',
      modeNote: row.mode_note ?? null,
    };
  }

  /** An economy job runs as one unless its note says it fell back to standard (set at creation). */
  function economyEffective(row: NewJobRow): JobMode {
    return row.mode_note?.startsWith(STANDARD_FALLBACK) ? 'standard' : 'economy';
  }

  /** How a job asked in `mode` runs on this server, and the note it carries. */
  function runModeOf(mode: JobMode): { effective: JobMode; note: string | null } {
    if (mode !== 'economy') return { effective: 'standard', note: null };
    return deps.modeOf ? deps.modeOf(mode) : { effective: 'standard', note: `${STANDARD_FALLBACK}: this server has no provider batch API.` };
  }

  async function ownJob(userId: string, id: string): Promise<JobRow> {
    const row = await repository.findJob(userId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  async function describe(row: JobRow, executor?: Executor): Promise<Job> {
    return toJob(row, repository.countsOf(row), await deps.quotaStatus(row.user_id, executor));
  }

  function itemIndex(itemId: string): number {
    if (!/^\d{1,6}$/.test(itemId)) throw AppError.notFound('Result not found');
    return Number(itemId);
  }

  /** Only paid plans run jobs; a job's estimate is asked under the same rule. */
  async function requirePlan(userId: string): Promise<void> {
    if (!getPlan(await deps.planOf(userId)).batchAllowed) throw new AppError('plan_forbidden', JOB_FORBIDDEN_MESSAGE, 403);
  }

  /** What a job of `units` units would use, and whether the account's quota holds it now. */
  async function estimateJob(userId: string, input: { units: number; deduplicated: boolean; readings?: number }): Promise<JobEstimate> {
    return estimateOf(input, await deps.quotaStatus(userId), ctx.now());
  }

  /** Stores the job and its items in one transaction and returns at once; the dispatcher does the rest. */
  async function create(caller: Caller, parsed: ParsedRows, options: JobOptions): Promise<Job> {
    await requirePlan(caller.userId);
    if (options.webhookUrl) await deps.validateWebhook(caller.userId, options.webhookUrl);
    // Checked when it was saved; taken as it is now, so a later change does not alter this job.
    const webhookUrl = options.webhookUrl ?? (await deps.defaultWebhook(caller.userId));
    const id = randomUUID();
    const mode = options.mode ?? 'standard';
    const modeRun = runModeOf(mode);
    const row: NewJobRow = {
      id,
      user_id: caller.userId,
      api_key_id: caller.apiKeyId,
      status: 'queued',
      total: parsed.rows.length,
      options: JSON.stringify({ language: options.language, maxLength: options.maxLength, ...(options.verify && { verify: true, samples: jobReadings(options) }) }),
      columns: JSON.stringify(parsed.columnNames),
      row_errors: JSON.stringify(parsed.rowErrors),
      skipped: parsed.skipped,
      webhook_url: webhookUrl,
      created_at: ctx.now(),
      started_at: null,
      finished_at: null,
      waiting_until: null,
      progress_sent_at: null,
      mode,
      mode_note: modeRun.note,
      name: jobNameOf(options.name, parsed.source, parsed.rows),
    };
    const known = duplicatesAtCreation(parsed.rows);
    const items = parsed.rows.map((input: InputRow, idx) => ({
      job_id: id,
      idx,
      image_url: input.imageUrl,
      context: input.context,
      client_id: input.clientId,
      columns: input.columns,
      purpose: input.purpose ?? null,
      image_hash: input.imageHash ?? null,
      path: input.path ?? null,
      language: input.language ?? null,
      duplicate_of: known.duplicateOf[idx] ?? null,
      dispatch: modeRun.effective === 'economy' ? 'batch' : 'live',
    }));
    const counts = await ctx.db.transaction().execute(async (trx) => {
      const stored = await repository.insertJob(trx, row, items);
      // Uploaded files (job-uploads.ts) become this job's, with it or not at all.
      if (parsed.uploadId) await files.claim(parsed.uploadId, id, trx);
      return stored;
    });
    deps.wake();
    return toJob(row, counts, await deps.quotaStatus(caller.userId));
  }

  return {
    create,
    estimateJob,
    /** GET /v1/jobs/modes: how an economy job would run here, before one is started. */
    modes(): JobModes {
      const run = runModeOf('economy');
      return { economy: { available: run.effective === 'economy', note: run.note ?? '' } };
    },
    /** Refuses (403 plan_forbidden) an account whose plan runs no jobs: asked before an upload's body is read. */
    requirePlan,

    /** POST /v1/jobs/estimate: the job `parsed` would be, estimated; nothing is created. */
    async estimate(caller: Caller, parsed: ParsedRows, options: Pick<JobOptions, 'verify' | 'samples'> = {}): Promise<JobEstimate> {
      await requirePlan(caller.userId);
      const known = duplicatesAtCreation(parsed.rows);
      return estimateJob(caller.userId, { units: known.units, deduplicated: known.deduplicated, readings: jobReadings(options) });
    },

    /** POST /v1/jobs/estimate with `images`: a job of that many files not sent yet (identical ones not known: an upper bound). */
    async estimateImages(caller: Caller, images: number, options: Pick<JobOptions, 'verify' | 'samples'> = {}): Promise<JobEstimate> {
      await requirePlan(caller.userId);
      return estimateJob(caller.userId, { units: images, deduplicated: false, readings: jobReadings(options) });
    },

    /** Another module's job (a page audit's suggestions): items checked as POST /api/v1/jobs checks them. */
    /** `language`: an item described in a language of its own (a monitor's fix job: its page's), not the job's. */
    createFromItems(caller: Caller, items: Array<{ imageUrl: string; context?: string; id?: string; purpose?: ImagePurpose; language?: string }>, options: JobOptions = {}): Promise<Job> {
      return create(caller, rowsFromItems(items.map(({ language: _language, ...item }) => item), (index) => items[index]!.language), options);
    },

    /** A job by id, whoever owns it (the dispatcher's webhooks); read in `executor`'s transaction when given. */
    async byId(id: string, executor?: Executor): Promise<{ row: JobRow; job: Job } | null> {
      const [row] = await repository.jobsById([id], executor);
      return row ? { row, job: await describe(row, executor) } : null;
    },

    /** The owner's view of a job's webhook deliveries; another account's job is a 404. */
    async ownedJobId(userId: string, id: string): Promise<string> {
      return (await ownJob(userId, id)).id;
    },

    async list(userId: string, query: { limit: number; cursor?: string }) {
      const rows = await repository.listJobs(userId, query.limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
      const page = rows.slice(0, query.limit);
      const quota = await deps.quotaStatus(userId);
      const last = page.at(-1);
      return { items: page.map((row) => toJob(row, repository.countsOf(row), quota)), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    async get(userId: string, id: string): Promise<Job> {
      return describe(await ownJob(userId, id));
    },

    /** PATCH /v1/jobs/{id}: the owner renames the job (another account's job is a 404). */
    async rename(userId: string, id: string, name: string): Promise<Job> {
      const row = await ownJob(userId, id);
      await repository.rename(row.id, name);
      return describe({ ...row, name });
    },

    async cancel(userId: string, id: string): Promise<Job> {
      const row = await ownJob(userId, id);
      const onCancelled = deps.onCancelled;
      if (!(await repository.cancel(row.id, ctx.now(), deps.aliveSince(), onCancelled && ((trx) => onCancelled(row.id, trx))))) {
        throw new AppError('conflict', `The job is ${row.status} and cannot be cancelled`, 409);
      }
      return describe((await repository.findJob(userId, id))!);
    },

    async results(userId: string, id: string, query: { limit: number; cursor?: string; status?: ItemFilter }) {
      const job = await ownJob(userId, id);
      const rows = await repository.itemsPage(job.id, query.limit + 1, query.cursor === undefined ? -1 : Number(query.cursor), query.status);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(toJobItem), nextCursor: rows.length > query.limit && last ? String(last.idx) : null };
    },

    /**
     * The results as CSV, streamed page by page (never the whole job in memory): the input columns
     * as given, then the result columns.
     */
    async exportCsv(userId: string, id: string, filter?: ItemFilter): Promise<Readable> {
      const job = await ownJob(userId, id);
      const names = JSON.parse(job.columns) as string[];
      async function* lines() {
        yield csvLine([...names, ...RESULT_COLUMNS]);
        for (let after = -1; ; ) {
          const rows = await repository.itemsPage(job.id, EXPORT_PAGE, after, filter);
          for (const row of rows) {
            const item = toJobItem(row);
            const input = Object.keys(item.columns).length ? names.map((name) => item.columns[name] ?? '') : [item.imageUrl ?? item.path ?? '', item.context ?? '', item.clientId ?? ''];
            const result = item.result;
            yield csvLine([
              ...input,
              result?.altText ?? '',
              result?.longDescription ?? '',
              result ? String(result.isDecorative) : '',
              result ? String(result.wcagCompliant) : '',
              result ? result.issues.map((issue) => issue.message).join('; ') : '',
              item.review ?? item.status,
              item.error?.message ?? '',
              result?.usage ? String(result.usage.inputTokens) : '',
              result?.usage ? String(result.usage.outputTokens) : '',
            ]);
          }
          if (rows.length < EXPORT_PAGE) return;
          after = rows.at(-1)!.idx;
        }
      }
      return Readable.from(lines());
    },

    /**
     * Approve or reject a result, optionally with edited alt text (checked again by the rules). The
     * image's whole group takes the review: the item it duplicates and every duplicate of it.
     */
    async review(userId: string, id: string, itemId: string, request: ReviewRequest): Promise<JobItem> {
      const job = await ownJob(userId, id);
      const idx = itemIndex(itemId);
      const item = await repository.findItem(job.id, idx);
      if (!item) throw AppError.notFound('Result not found');
      if (item.status !== 'succeeded' || !item.result) throw new AppError('conflict', 'Only a described image can be reviewed', 409);
      const options = JSON.parse(job.options) as JobOptions;
      const reviewed = reviewedResult(JSON.parse(item.result) as NonNullable<JobItem['result']>, request, reviewContextOf(item, options));
      await repository.applyReview(job.id, [idx], request.status, reviewed && JSON.stringify(reviewed));
      return toJobItem((await repository.findItem(job.id, idx))!);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
