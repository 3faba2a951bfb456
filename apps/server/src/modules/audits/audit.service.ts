import { randomUUID } from 'node:crypto';
import type { Audit, AuditImage, AuditSummary, PlanId } from '@altwise/shared';
import { AUDITS_PER_HOUR, getPlan, HOUR_MS, MAX_AUDIT_IMAGES, MAX_AUDIT_SUGGESTIONS } from '@altwise/shared';
import { fetchPage } from '@altwise/engine';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { QuotaDecision } from '../usage';
import { laterDecision, QuotaExceeded } from '../usage';

/** Told of every quota decision of the audit's suggestions, for the answer's X-RateLimit-* headers. */
import { createConcurrencyLimit } from '../../platform/concurrency-limit';
import type { RateLimiter } from '../rate-limits';
import type { AltTextService, Generated } from '../alt-text';
import { Admitted, toAppError, toItemError } from '../alt-text';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import type { AuditJobs } from './audit-job';
import { imagesFromJob, jobIsOver, startSuggestionJob } from './audit-job';
import { imagesJson, prepareAuditJson } from './audit-json';
import type { AuditRepository, StoredAudit } from './audit.repository';
import { markBroken } from './audit-probe';
import { EMPTY_FOR_FUNCTIONAL, suggestionContext, verdictOf } from './audit-verdicts';
import type { FoundImage } from './page-images';
import { createPageParsePool } from './page-parse-pool';
import pMap from 'p-map';

export interface AuditServiceDeps {
  ctx: AppContext;
  altText: AltTextService;
  /** Suggestions for more than MAX_AUDIT_SUGGESTIONS images run as a bulk job. */
  jobs: AuditJobs;
  /** The account's plan id (its hourly audits). */
  planOf: (userId: string) => Promise<string>;
  /** The hourly audits' counters (the rate-limits module's). */
  rateLimiter: Pick<RateLimiter, 'hit'>;
  repository: AuditRepository;
}

export interface CreateAuditInput {
  url: string;
  suggest?: boolean;
  /** Overrides the page's `lang` attributes for every image. */
  language?: string;
}

/** Verdicts are checked this many images at a time, the event loop free between turns. */
const VERDICTS_PER_TURN = 100;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function summaryOf(images: AuditImage[], notAudited: number): AuditSummary {
  const count = (verdict: AuditImage['verdict']) => images.filter((image) => image.verdict === verdict).length;
  return {
    images: images.length,
    missing: count('missing'),
    decorative: count('decorative'),
    poor: count('poor'),
    ok: count('ok'),
    broken: count('broken'),
    suggested: images.filter((image) => image.suggestion !== null).length,
    notAudited,
  };
}

/** Each found image with its verdict, checked in its language (the request's, else the page's). */
async function withVerdicts(found: FoundImage[], language: string | undefined): Promise<AuditImage[]> {
  const images: AuditImage[] = [];
  for (const [index, image] of found.entries()) {
    if (index > 0 && index % VERDICTS_PER_TURN === 0) await nextTurn();
    const { presentation: _presentation, besideText: _besideText, adjacentText: _adjacentText, textAround: _textAround, ...listed } = image;
    const used = language ?? image.language;
    images.push({ ...listed, language: used, ...verdictOf(image, used), suggestion: null, suggestionError: null });
  }
  return images;
}

const needsSuggestion = (image: AuditImage) => image.verdict === 'missing' || image.verdict === 'poor';
/** The model is given images by http(s) URL only, as a job item's URL (at most 2048 characters). */
const describable = (image: AuditImage) => image.imageUrl !== null && /^https?:\/\//i.test(image.imageUrl) && image.imageUrl.length <= 2048;

export function createAuditService({ ctx, altText, jobs, planOf, rateLimiter, repository }: AuditServiceDeps) {
  const parser = createPageParsePool();
  // Pages downloading at once: two per parsing worker. Ten 5 MB pages arriving together would be
  // decoded back to back on the event loop (~25 ms each); a slow page host holds a slot for at
  // most the fetch timeout.
  const fetches = createConcurrencyLimit(2 * parser.size);
  // Picture checks (audit-probe.ts) at once, across every audit of this instance: a handful, so ten
  // audits at once do not crowd out the requests around them (a check is a fetch and a header read).
  const probes = createConcurrencyLimit(4);

  /**
   * Every audit fetches and parses a page of up to 5 MB and charges nothing unless it suggests:
   * each counts against the account's hourly audits, before any work, failed ones included (an
   * audit is no free way to probe hosts). An idempotent replay never gets here.
   */
  async function admit(userId: string): Promise<void> {
    const plan = getPlan(await planOf(userId));
    const limit = AUDITS_PER_HOUR[plan.id as PlanId];
    const window = await rateLimiter.hit(`audits:${userId}`, HOUR_MS);
    if (window.count > limit) {
      throw AppError.tooManyRequests(
        `The ${plan.name} plan allows ${limit} audits per hour. Try again in ${Math.ceil(window.retryAfterSeconds / 60)} minutes${plan.id === 'enterprise' ? '' : ', or upgrade for more'}.`,
        window.retryAfterSeconds,
      );
    }
  }

  /** With a bulk job, the first read after it is over copies its results into the audit (any instance may). */
  async function withJobResults(userId: string, { audit, jobFilled }: StoredAudit): Promise<Audit> {
    if (!audit.job || jobFilled) return audit;
    const images = await imagesFromJob(jobs, userId, audit.job.id, audit.images);
    if (!images) return audit;
    const filled = { ...audit, images, summary: summaryOf(images, audit.summary.notAudited) };
    await repository.fillFromJob(userId, audit.id, images, filled.summary);
    return filled;
  }

  async function fetchHtml(url: string) {
    try {
      return await fetchPage(url, { allow: ctx.config.pages.fetchAllow, timeoutMs: ctx.config.images.fetchTimeoutMs });
    } catch (error) {
      const mapped = toAppError(error);
      if (mapped instanceof AppError && mapped.code === 'validation_failed') {
        throw new AppError('validation_failed', mapped.message, 400, [{ field: 'url', message: mapped.message }]);
      }
      throw mapped;
    }
  }

  /**
   * Each suggestion is one generation, charged and recorded like POST /api/v1/images; a failure
   * (a refused image URL, the quota) is kept on that image and the audit still completes. Answers
   * the quota as the generations left it, for the route's rate-limit headers.
   */
  async function suggest(caller: Caller, pageTitle: string | null, targets: AuditImage[], requestRef?: string): Promise<QuotaDecision | null> {
    let last: QuotaDecision | null = null;
    const onQuota = (decision: QuotaDecision) => (last = last ? laterDecision(last, decision) : decision);
    await pMap(targets, async (image) => {
      try {
        const { result, quota } = await altText.generate(
          caller,
          {
            image: { url: image.imageUrl! },
            context: suggestionContext(pageTitle, image) || undefined,
            language: image.language ?? undefined,
            purpose: image.purpose ?? undefined,
          },
          requestRef ? `${requestRef}/${image.index}` : undefined,
        );
        if (quota) onQuota(quota);
        // An empty alt on a link's or button's only image would leave it without a name: no
        // suggestion is better than one that creates a failure.
        if (image.purpose && !result.altText.trim()) {
          image.suggestionError = EMPTY_FOR_FUNCTIONAL;
          return;
        }
        image.suggestion = result.altText;
        image.suggestionVerification = result.verification;
      } catch (thrown) {
        if (thrown instanceof Admitted) onQuota(thrown.quota);
        if (thrown instanceof QuotaExceeded) onQuota(thrown.decision);
        const error = thrown instanceof Admitted ? thrown.cause : thrown;
        image.suggestionError =
          error instanceof QuotaExceeded
            ? { code: 'quota_exceeded', message: 'The request limit was reached before this image was described' }
            : toItemError(error);
      }
    }, { concurrency: ctx.config.batchConcurrency });
    return last;
  }

  return {
    /** The audit, and the quota as its suggestions left it (null: none was asked for). */
    async create(caller: Caller, input: CreateAuditInput, requestRef?: string): Promise<Generated<Audit>> {
      await admit(caller.userId);
      const page = await fetches.run(() => fetchHtml(input.url));
      // Parsed on a worker thread (at most `parser.size` pages at once, the rest queued): the event
      // loop stays free however large or hostile the page.
      const found = await parser.parse(page.html, page.finalUrl, MAX_AUDIT_IMAGES);
      const images = await withVerdicts(found.images, input.language);
      const { images: imageConfig, batchConcurrency } = ctx.config;
      await markBroken(images, { allow: imageConfig.fetchAllow, timeoutMs: imageConfig.fetchTimeoutMs, maxBytes: imageConfig.maxBytes, concurrency: batchConcurrency, shared: probes });
      let job: Audit['job'] = null;
      let quota: QuotaDecision | null = null;
      if (input.suggest) {
        const wanted = images.filter(needsSuggestion);
        for (const image of wanted.filter((candidate) => !describable(candidate))) {
          image.suggestionError = { code: 'not_describable', message: 'Only images with an http or https URL can be described (not inline SVG or data: URLs)' };
        }
        const targets = wanted.filter(describable);
        if (targets.length > MAX_AUDIT_SUGGESTIONS) {
          // Created before the audit is stored: a refused job (the Free plan) leaves no audit behind.
          const { id } = await startSuggestionJob(jobs, caller, found.pageTitle, targets);
          job = { id, url: `/api/v1/jobs/${id}` };
        } else quota = await suggest(caller, found.pageTitle, targets, requestRef);
      }
      const audit: Audit = {
        id: randomUUID(),
        url: input.url,
        finalUrl: page.finalUrl.href,
        pageTitle: found.pageTitle,
        suggest: input.suggest === true,
        createdAt: new Date(ctx.now()).toISOString(),
        summary: summaryOf(images, found.notAudited),
        job,
        images,
      };
      // Written out in turns, once, for the row and the answer alike (see audit-json.ts).
      const json = await imagesJson(images);
      await repository.insert(caller.userId, audit, json);
      return { result: await prepareAuditJson(audit, json), quota };
    },

    /**
     * The account's audits, newest first, keyset-paginated like the generations history. An audit
     * whose job has ended since it was last read is filled on the way, as a read of it would be,
     * so the list never shows a summary older than its job.
     */
    async list(userId: string, query: { limit: number; cursor?: string }) {
      const rows = await repository.listPage(userId, query.limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const items = await Promise.all(
        page.map(async ({ cursor: _cursor, jobFilled, ...item }) => {
          // A running job costs one lookup here; the stored images are read only to fill.
          if (!item.job || jobFilled || !(await jobIsOver(jobs, userId, item.job.id))) return item;
          const stored = await repository.find(userId, item.id);
          if (!stored) return item;
          const { images: _images, ...filled } = await withJobResults(userId, stored);
          return filled;
        }),
      );
      return { items, nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursor) : null };
    },

    async get(userId: string, id: string): Promise<Audit> {
      const stored = await repository.find(userId, id);
      if (!stored) throw AppError.notFound('Audit not found');
      return prepareAuditJson(await withJobResults(userId, stored));
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw AppError.notFound('Audit not found');
    },

    /** Ends the page-parsing workers (the app's close). */
    close: () => parser.close(),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
