import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ImagePurpose, Job, JobItem, ReviewRequest, RowError } from '@altwise/shared';
import { JOB_FORBIDDEN_MESSAGE, getPlan } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { csvLine } from './csv';
import type { JobRow as InputRow, ParsedRows } from './job-input';
import { rowsFromItems } from './job-input';
import type { ItemFilter, JobItemRow, JobRow, JobsRepository, StatusCounts } from './jobs.repository';
import { reviewedResult } from './reviewed-result';

export interface JobOptions {
  language?: string;
  maxLength?: number;
  webhookUrl?: string;
}

const NOT_FOUND = 'Job not found';
const EXPORT_PAGE = 500;
const RESULT_COLUMNS = ['alt_text', 'long_description', 'is_decorative', 'wcag_compliant', 'issues', 'status', 'error'];

/** The purpose stored with an item (issue 19); none for items stored before it. */
const purposeOf = (row: Pick<JobItemRow, 'purpose'>): ImagePurpose | undefined => (row.purpose ? (JSON.parse(row.purpose) as ImagePurpose) : undefined);

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
  planOf: (userId: string) => Promise<string>;
  /** Tells the dispatcher a job was stored. */
  wake: () => void;
  aliveSince: () => number;
  /** Refuses a webhook URL the SSRF guard blocks, or an account without a signing secret. */
  validateWebhook: (userId: string, url: string) => Promise<void>;
  /** The account's default webhook URL (Settings), for a job created without one. */
  defaultWebhook: (userId: string) => Promise<string | null>;
}) {
  const { ctx, repository } = deps;

  function toJob(row: JobRow, counts: StatusCounts): Job {
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
      status: row.status as Job['status'],
      total,
      counts: { total, ...counts },
      language: options.language,
      maxLength: options.maxLength,
      webhookUrl: row.webhook_url,
      createdAt: iso(row.created_at)!,
      startedAt: iso(startedAt),
      finishedAt: iso(row.finished_at),
      etaSeconds: eta === null ? null : Math.max(eta, waitingUntil && waitingUntil > now ? Math.ceil((waitingUntil - now) / 1000) : 0),
      waitingForQuotaUntil: row.status === 'running' && waitingUntil !== null && waitingUntil > now ? iso(waitingUntil) : null,
      rowErrors: JSON.parse(row.row_errors) as RowError[],
    };
  }

  function toItem(row: JobItemRow): JobItem {
    return {
      id: String(row.idx),
      imageUrl: row.image_url,
      context: row.context,
      clientId: row.client_id,
      columns: row.columns ? (JSON.parse(row.columns) as Record<string, string>) : {},
      ...(row.purpose && { purpose: purposeOf(row) }),
      status: row.status as JobItem['status'],
      review: (row.review as JobItem['review']) ?? null,
      attempts: Number(row.attempts),
      result: row.result ? JSON.parse(row.result) : null,
      // A pending item's last error is its retry's reason, not its outcome.
      error: row.status === 'failed' && row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
      finishedAt: iso(row.finished_at),
    };
  }

  async function ownJob(userId: string, id: string): Promise<JobRow> {
    const row = await repository.findJob(userId, id);
    if (!row) throw AppError.notFound(NOT_FOUND);
    return row;
  }

  async function describe(row: JobRow, executor?: Executor): Promise<Job> {
    const counts = await repository.counts([row.id], executor);
    return toJob(row, counts.get(row.id)!);
  }

  function itemIndex(itemId: string): number {
    if (!/^\d{1,6}$/.test(itemId)) throw AppError.notFound('Result not found');
    return Number(itemId);
  }

  /** Stores the job and its items in one transaction and returns at once; the dispatcher does the rest. */
  async function create(caller: Caller, parsed: ParsedRows, options: JobOptions): Promise<Job> {
    if (!getPlan(await deps.planOf(caller.userId)).batchAllowed) throw new AppError('plan_forbidden', JOB_FORBIDDEN_MESSAGE, 403);
    if (options.webhookUrl) await deps.validateWebhook(caller.userId, options.webhookUrl);
    // Checked when it was saved; taken as it is now, so a later change does not alter this job.
    const webhookUrl = options.webhookUrl ?? (await deps.defaultWebhook(caller.userId));
    const id = randomUUID();
    const row: JobRow = {
      id,
      user_id: caller.userId,
      api_key_id: caller.apiKeyId,
      status: 'queued',
      total: parsed.rows.length,
      options: JSON.stringify({ language: options.language, maxLength: options.maxLength }),
      columns: JSON.stringify(parsed.columnNames),
      row_errors: JSON.stringify(parsed.rowErrors),
      webhook_url: webhookUrl,
      created_at: ctx.now(),
      started_at: null,
      finished_at: null,
      waiting_until: null,
      progress_sent_at: null,
    };
    const items = parsed.rows.map((input: InputRow, idx) => ({
      job_id: id,
      idx,
      image_url: input.imageUrl,
      context: input.context,
      client_id: input.clientId,
      columns: input.columns,
      purpose: input.purpose ?? null,
    }));
    await ctx.db.transaction().execute((trx) => repository.insertJob(trx, row, items));
    deps.wake();
    return toJob(row, { pending: items.length, succeeded: 0, failed: 0, cancelled: 0 });
  }

  return {
    create,

    /** Another module's job (a page audit's suggestions): items checked as POST /api/v1/jobs checks them. */
    createFromItems(caller: Caller, items: Array<{ imageUrl: string; context?: string; id?: string; purpose?: ImagePurpose }>, options: JobOptions = {}): Promise<Job> {
      return create(caller, rowsFromItems(items), options);
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
      const counts = await repository.counts(page.map((row) => row.id));
      const last = page.at(-1);
      return { items: page.map((row) => toJob(row, counts.get(row.id)!)), nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    async get(userId: string, id: string): Promise<Job> {
      return describe(await ownJob(userId, id));
    },

    async cancel(userId: string, id: string): Promise<Job> {
      const row = await ownJob(userId, id);
      if (!(await repository.cancel(row.id, ctx.now(), deps.aliveSince()))) {
        throw new AppError('conflict', `The job is ${row.status} and cannot be cancelled`, 409);
      }
      return describe((await repository.findJob(userId, id))!);
    },

    async results(userId: string, id: string, query: { limit: number; cursor?: string; status?: ItemFilter }) {
      const job = await ownJob(userId, id);
      const rows = await repository.itemsPage(job.id, query.limit + 1, query.cursor === undefined ? -1 : Number(query.cursor), query.status);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { items: page.map(toItem), nextCursor: rows.length > query.limit && last ? String(last.idx) : null };
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
            const item = toItem(row);
            const input = Object.keys(item.columns).length ? names.map((name) => item.columns[name] ?? '') : [item.imageUrl, item.context ?? '', item.clientId ?? ''];
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
            ]);
          }
          if (rows.length < EXPORT_PAGE) return;
          after = rows.at(-1)!.idx;
        }
      }
      return Readable.from(lines());
    },

    /** Approve or reject a result, optionally with edited alt text (checked again by the rules). */
    async review(userId: string, id: string, itemId: string, request: ReviewRequest): Promise<JobItem> {
      const job = await ownJob(userId, id);
      const idx = itemIndex(itemId);
      const item = await repository.findItem(job.id, idx);
      if (!item) throw AppError.notFound('Result not found');
      if (item.status !== 'succeeded' || !item.result) throw new AppError('conflict', 'Only a described image can be reviewed', 409);
      const options = JSON.parse(job.options) as JobOptions;
      const reviewed = reviewedResult(JSON.parse(item.result) as NonNullable<JobItem['result']>, request, { ...options, context: item.context, purpose: purposeOf(item) });
      await repository.review(job.id, idx, request.status, reviewed && JSON.stringify(reviewed));
      return toItem((await repository.findItem(job.id, idx))!);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
