import { randomUUID } from 'node:crypto';
import type { Audit, AuditImage, AuditSummary } from '@altwise/shared';
import { MAX_AUDIT_SUGGESTIONS } from '@altwise/shared';
import { fetchPage } from '@altwise/engine';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { QuotaExceeded } from '../../platform/metering';
import type { AltTextService, QuotaListener } from '../alt-text';
import { mapWithConcurrency, toAppError, toItemError } from '../alt-text';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import type { AuditJobs } from './audit-job';
import { imagesFromJob, jobIsOver, startSuggestionJob } from './audit-job';
import { createAuditRepository } from './audit.repository';
import type { StoredAudit } from './audit.repository';
import { suggestionContext, verdictOf } from './audit-verdicts';
import { findPageImages } from './page-images';

export interface AuditServiceDeps {
  ctx: AppContext;
  altText: AltTextService;
  /** Suggestions for more than MAX_AUDIT_SUGGESTIONS images run as a bulk job. */
  jobs: AuditJobs;
}

export interface CreateAuditInput {
  url: string;
  suggest?: boolean;
}

function summaryOf(images: AuditImage[]): AuditSummary {
  const count = (verdict: AuditImage['verdict']) => images.filter((image) => image.verdict === verdict).length;
  return {
    images: images.length,
    missing: count('missing'),
    decorative: count('decorative'),
    poor: count('poor'),
    ok: count('ok'),
    suggested: images.filter((image) => image.suggestion !== null).length,
  };
}

const needsSuggestion = (image: AuditImage) => image.verdict === 'missing' || image.verdict === 'poor';
/** The model is given images by http(s) URL only, as a job item's URL (at most 2048 characters). */
const describable = (image: AuditImage) => image.imageUrl !== null && /^https?:\/\//i.test(image.imageUrl) && image.imageUrl.length <= 2048;

export function createAuditService({ ctx, altText, jobs }: AuditServiceDeps) {
  const repository = createAuditRepository(ctx.db);

  /** With a bulk job, the first read after it is over copies its results into the audit (any instance may). */
  async function withJobResults(userId: string, { audit, jobFilled }: StoredAudit): Promise<Audit> {
    if (!audit.job || jobFilled) return audit;
    const images = await imagesFromJob(jobs, userId, audit.job.id, audit.images);
    if (!images) return audit;
    const filled = { ...audit, images, summary: summaryOf(images) };
    await repository.fillFromJob(userId, audit.id, images, filled.summary);
    return filled;
  }

  async function fetchHtml(url: string) {
    try {
      return await fetchPage(url, { allow: ctx.config.images.fetchAllow, timeoutMs: ctx.config.images.fetchTimeoutMs });
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
   * (a refused image URL, the quota) is kept on that image and the audit still completes.
   */
  async function suggest(caller: Caller, pageTitle: string | null, targets: AuditImage[], onQuota: QuotaListener, requestRef?: string) {
    await mapWithConcurrency(targets, ctx.config.batchConcurrency, async (image) => {
      try {
        const result = await altText.generate(
          caller,
          { image: { url: image.imageUrl! }, context: suggestionContext(pageTitle, image) },
          onQuota,
          requestRef ? `${requestRef}/${image.index}` : undefined,
        );
        image.suggestion = result.altText;
      } catch (error) {
        image.suggestionError =
          error instanceof QuotaExceeded
            ? { code: 'quota_exceeded', message: 'The request limit was reached before this image was described' }
            : toItemError(error);
      }
    });
  }

  return {
    async create(caller: Caller, input: CreateAuditInput, onQuota: QuotaListener, requestRef?: string): Promise<Audit> {
      const page = await fetchHtml(input.url);
      const found = findPageImages(page.html, page.finalUrl);
      const images: AuditImage[] = found.images.map((image) => {
        const { markedDecorative: _markup, ...listed } = image;
        return { ...listed, ...verdictOf(image), suggestion: null, suggestionError: null };
      });
      let job: Audit['job'] = null;
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
        } else await suggest(caller, found.pageTitle, targets, onQuota, requestRef);
      }
      const audit: Audit = {
        id: randomUUID(),
        url: input.url,
        finalUrl: page.finalUrl.href,
        pageTitle: found.pageTitle,
        suggest: input.suggest === true,
        createdAt: new Date(ctx.now()).toISOString(),
        summary: summaryOf(images),
        job,
        images,
      };
      await repository.insert(caller.userId, audit);
      return audit;
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
      return withJobResults(userId, stored);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.remove(userId, id))) throw AppError.notFound('Audit not found');
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
