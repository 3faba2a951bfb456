import { performance } from 'node:perf_hooks';
import type { AltTextEngine } from '@altwise/engine';
import { checkAltText } from '@altwise/engine';
import type { AltTextResult, BatchItemError, BatchResponse, Generation, GenerationOptions } from '@altwise/shared';
import { getPlan } from '@altwise/shared';
import { createBatchWriter } from '../../platform/batch-writer';
import type { Caller } from '../../platform/caller';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { QuotaDecision, QuotaService, UsageOutcome, UsageRecorder } from '../../platform/metering';
import { createAltTextCacheRepository } from './alt-text-cache.repository';
import type { Described } from './cached-describer';
import { createCachedDescriber } from './cached-describer';
import { isCallerCaused, toAppError, toItemError } from './generation-errors';
import { newGenerationId } from './generation-id';
import type { GenerationRow } from './generation.repository';
import { createGenerationRepository } from './generation.repository';
import { decodeCursor, encodeCursor } from './history-cursor';
import { mapWithConcurrency } from './task-pool';

/** Usage-event endpoint names, as the analytics group them. */
export const ENDPOINTS = { single: 'POST /api/v1/images', batch: 'POST /api/v1/images/batch' } as const;
type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

export const BATCH_FORBIDDEN_MESSAGE =
  'Batch processing is not available on the Free plan. Upgrade to Pro to process images in batches.';

/** An image by URL, or uploaded bytes (multipart or base64) with the client's file name. */
export type ImageInput = { url: string } | { bytes: Buffer; fileName?: string };
export type GenerateInput = GenerationOptions & { image: ImageInput };
export type BatchInput = GenerationOptions & { imageUrls: string[] };

/** Told of every quota decision, admitted or not, so the route can set X-RateLimit-* headers. */
export type QuotaListener = (decision: QuotaDecision) => void;

export interface AltTextServiceDeps {
  ctx: AppContext;
  engine: AltTextEngine;
  quota: QuotaService;
  usage: UsageRecorder;
  /** The account's plan id; an unknown plan is treated as free by getPlan. */
  planOf: (userId: string) => Promise<string>;
  /** Builds the 429 for a refused decision (the usage module's wording and Retry-After). */
  quotaExceededError: (decision: Extract<QuotaDecision, { admitted: false }>) => Error;
}

/** How the image is named in results and history: its URL, or the upload's file name. */
export function imageLabel(image: ImageInput): string {
  return 'url' in image ? image.url : image.fileName || 'upload';
}

/** The describer's source for an image input. */
export function describerSource(image: ImageInput) {
  return 'url' in image ? { url: image.url } : { bytes: image.bytes, fileName: image.fileName };
}

function toResult(imageUrl: string, described: Described, processingTime: number, at: number): AltTextResult {
  return {
    imageUrl,
    altText: described.altText,
    longDescription: described.longDescription,
    isDecorative: described.isDecorative,
    containsText: described.containsText,
    textInImage: described.textInImage,
    processingTime,
    wcagCompliant: described.wcagCompliant,
    issues: described.issues,
    provider: described.provider,
    model: described.model,
    cached: described.cached,
    timestamp: new Date(at).toISOString(),
  };
}

function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    imageUrl: row.source,
    altText: row.alt_text,
    longDescription: row.long_description ?? undefined,
    wcagCompliant: row.wcag_compliant === 1,
    issues: JSON.parse(row.issues),
    provider: row.provider,
    model: row.model,
    cached: row.cached === 1,
    processingTime: row.processing_ms,
    timestamp: new Date(row.created_at).toISOString(),
  };
}

export function createAltTextService(deps: AltTextServiceDeps) {
  const { ctx, quota, usage } = deps;
  const describer = createCachedDescriber(deps.engine, createAltTextCacheRepository(ctx.db), ctx.now);
  const generations = createGenerationRepository(ctx.db);
  // A single multi-row INSERT is already one transaction. Each request still waits for its row.
  const historyWriter = createBatchWriter<GenerationRow>({ writeBatch: (rows) => generations.insertMany(rows) });

  const record = (caller: Caller, endpoint: Endpoint, outcome: UsageOutcome, images: number, ms: number, cached: boolean) =>
    usage.record({ userId: caller.userId, apiKeyId: caller.apiKeyId, endpoint, outcome, images, processingMs: Math.round(ms), cached });

  /** Charges every unit up front or none: a batch that does not fit is refused whole. */
  async function admit(caller: Caller, endpoint: Endpoint, units: number, onQuota: QuotaListener) {
    const decision = await quota.admit(caller.userId, units);
    onQuota(decision);
    if (!decision.admitted) {
      await record(caller, endpoint, 'throttled', units, 0, false);
      throw deps.quotaExceededError(decision);
    }
    return decision;
  }

  /** Load → describe (or the cache) → quality check (inside the engine) → store in history. */
  async function describeAndStore(caller: Caller, image: ImageInput, options: GenerationOptions): Promise<AltTextResult> {
    const started = performance.now();
    const described = await describer.describe(describerSource(image), options, options.regenerate === true);
    const processingTime = Math.round(performance.now() - started);
    const at = ctx.now();
    const result = toResult(imageLabel(image), described, processingTime, at);
    await historyWriter.write({
      id: newGenerationId(at),
      user_id: caller.userId,
      api_key_id: caller.apiKeyId,
      source: result.imageUrl,
      alt_text: result.altText,
      long_description: result.longDescription ?? null,
      is_decorative: result.isDecorative ? 1 : 0,
      contains_text: result.containsText ? 1 : 0,
      text_in_image: result.textInImage ?? null,
      wcag_compliant: result.wcagCompliant ? 1 : 0,
      issues: JSON.stringify(result.issues),
      provider: result.provider,
      model: result.model,
      cached: result.cached ? 1 : 0,
      processing_ms: processingTime,
      created_at: at,
    });
    return result;
  }

  return {
    provider: deps.engine.provider,

    /** Commits every queued history row; then later rows are written one by one (app close). */
    close: () => historyWriter.close(),

    /** check quota → load image → describe → check quality → record usage → respond. */
    async generate(caller: Caller, input: GenerateInput, onQuota: QuotaListener): Promise<AltTextResult> {
      const decision = await admit(caller, ENDPOINTS.single, 1, onQuota);
      const started = performance.now();
      try {
        const result = await describeAndStore(caller, input.image, input);
        await record(caller, ENDPOINTS.single, 'success', 1, result.processingTime, result.cached);
        return result;
      } catch (error) {
        // Failures on our side or the provider's give the unit back; see isCallerCaused for why
        // a client-caused failure does not.
        if (!isCallerCaused(error)) await quota.refund(caller.userId, 1, decision.at);
        await record(caller, ENDPOINTS.single, 'error', 1, performance.now() - started, false);
        throw toAppError(error);
      }
    },

    /** The same story for up to 50 URLs, in input order; one failing image does not fail the rest. */
    async generateBatch(caller: Caller, input: BatchInput, onQuota: QuotaListener): Promise<BatchResponse> {
      if (!getPlan(await deps.planOf(caller.userId)).batchAllowed) {
        throw new AppError('plan_forbidden', BATCH_FORBIDDEN_MESSAGE, 403);
      }
      const units = input.imageUrls.length;
      const decision = await admit(caller, ENDPOINTS.batch, units, onQuota);
      const started = performance.now();

      const outcomes = await mapWithConcurrency(input.imageUrls, ctx.config.batchConcurrency, async (url) => {
        try {
          return { ok: true as const, result: await describeAndStore(caller, { url }, input) };
        } catch (error) {
          return { ok: false as const, item: { imageUrl: url, error: toItemError(error) }, error };
        }
      });

      const refundable = outcomes.filter((outcome) => !outcome.ok && !isCallerCaused(outcome.error)).length;
      if (refundable > 0) await quota.refund(caller.userId, refundable, decision.at);

      const results: Array<AltTextResult | BatchItemError> = outcomes.map((outcome) => (outcome.ok ? outcome.result : outcome.item));
      const succeeded = outcomes.filter((outcome) => outcome.ok).length;
      const failed = units - succeeded;
      const elapsed = performance.now() - started;
      // The analytics count images, so a partly failed batch is recorded as its two parts.
      if (succeeded > 0) {
        const allCached = outcomes.every((outcome) => !outcome.ok || outcome.result.cached);
        await record(caller, ENDPOINTS.batch, 'success', succeeded, elapsed, allCached);
      }
      if (failed > 0) await record(caller, ENDPOINTS.batch, 'error', failed, elapsed, false);
      return { results, summary: { total: units, succeeded, failed } };
    },

    /** The quality checker on its own, for alt text written by hand. Not quota-counted. */
    check: checkAltText,

    /** The caller's generations, newest first, keyset-paginated. */
    async history(userId: string, query: { limit: number; cursor?: string }) {
      // Rows of requests still committing are included rather than missed.
      await historyWriter.flush();
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const rows = await generations.listPage(userId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const nextCursor = rows.length > query.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
      return { items: page.map(toGeneration), nextCursor };
    },
  };
}

export type AltTextService = ReturnType<typeof createAltTextService>;
