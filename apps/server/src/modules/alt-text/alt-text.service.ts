import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AltTextEngine, Described } from '@altwise/engine';
import { checkAltText } from '@altwise/engine';
import type { AltTextResult, BatchItemError, BatchResponse, Generation, GenerationOptions } from '@altwise/shared';
import { getPlan } from '@altwise/shared';
import { createBatchWriter } from '../../platform/batch-writer';
import type { Caller } from '../../platform/caller';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { QuotaDecision, RefusedDecision, UsageOutcome, UsageRecorder } from '../../platform/metering';
import { QuotaExceeded } from '../../platform/metering';
import type { MeteringService, Reservation, UnitSettlement } from '../usage';
import { DEMO_CACHE_SCOPE, accountCacheScope } from './alt-text-cache';
import { createAltTextCacheRepository } from './alt-text-cache.repository';
import { isCallerCaused, toAppError, toItemError } from './generation-errors';
import { newGenerationId } from './generation-id';
import type { GenerationRow } from './generation.repository';
import { createGenerationRepository } from './generation.repository';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import { mapWithConcurrency } from './task-pool';
import { createThumbnails } from './thumbnail';

/** Usage-event endpoint names, as the analytics group them. */
export const ENDPOINTS = { single: 'POST /api/v1/images', batch: 'POST /api/v1/images/batch' } as const;
type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

export const BATCH_FORBIDDEN_MESSAGE =
  'Batch processing is not available on the Free plan. Upgrade to Pro to process images in batches.';

/** An image by URL, or uploaded bytes (multipart or base64) with the client's file name. */
export type ImageInput = { url: string } | { bytes: Buffer; fileName?: string };
export type GenerateInput = GenerationOptions & { image: ImageInput };
export type BatchInput = GenerationOptions & { imageUrls: string[] };
/** Request options with the account's style applied (custom instructions come from the account only). */
type StyledOptions = GenerationOptions & { instructions?: string };

/** Told of every quota decision, admitted or not, so the route can set X-RateLimit-* headers. */
export type QuotaListener = (decision: QuotaDecision) => void;

export interface AltTextServiceDeps {
  ctx: AppContext;
  /** The process's one engine, its cache included (see vision-engine.ts). */
  engine: AltTextEngine;
  metering: MeteringService;
  usage: UsageRecorder;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** The account's plan id; an unknown plan is treated as free by getPlan. */
  planOf: (userId: string) => Promise<string>;
  /** The request's options over the account's alt-text style (the settings module's rule). */
  withAccountStyle?: <T extends GenerationOptions>(userId: string, options: T) => Promise<T & { instructions?: string }>;
}

/** A unit's settlement and, when it delivered a description, its history row: one transaction. */
interface SettledUnit {
  settlement: UnitSettlement;
  history: GenerationRow | null;
}

/** How the image is named in results and history: its URL, or the upload's file name. */
function imageLabel(image: ImageInput): string {
  return 'url' in image ? image.url : image.fileName || 'upload';
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
    verification: described.verification,
    ...(described.verificationReason && { verificationReason: described.verificationReason }),
    ...(described.uncertainText?.length && { uncertainText: [...described.uncertainText] }),
    issues: described.issues,
    provider: described.provider,
    model: described.model,
    cached: described.cached,
    // A cache hit called no model.
    tries: described.cached ? 0 : described.tries,
    timestamp: new Date(at).toISOString(),
  };
}

/**
 * A stored row's verification and compliance. Only drafts and model answers are stored (review
 * happens on job items); anything else reads as a draft, and a draft is never compliant.
 */
function storedVerification(row: GenerationRow): Pick<AltTextResult, 'wcagCompliant' | 'verification' | 'verificationReason'> {
  if (row.verification === 'model') return { wcagCompliant: row.wcag_compliant === 1, verification: 'model' };
  return { wcagCompliant: false, verification: 'draft', verificationReason: 'no_vision_model' };
}

/** The history row of an item of an idempotent request. */
const itemRef = (requestRef: string, index: number) => `${requestRef}:${index}`;

/** A settled unit as a result again (the retry of a request whose first answer never arrived). */
function fromHistory(row: GenerationRow): AltTextResult {
  return {
    imageUrl: row.source,
    altText: row.alt_text,
    longDescription: row.long_description ?? undefined,
    isDecorative: row.is_decorative === 1,
    containsText: row.contains_text === 1,
    textInImage: row.text_in_image ?? undefined,
    processingTime: row.processing_ms,
    ...storedVerification(row),
    issues: JSON.parse(row.issues),
    provider: row.provider,
    model: row.model,
    cached: row.cached === 1,
    timestamp: new Date(row.created_at).toISOString(),
  };
}

function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    imageUrl: row.source,
    altText: row.alt_text,
    longDescription: row.long_description ?? undefined,
    ...storedVerification(row),
    issues: JSON.parse(row.issues),
    provider: row.provider,
    model: row.model,
    cached: row.cached === 1,
    processingTime: row.processing_ms,
    timestamp: new Date(row.created_at).toISOString(),
    ...(row.thumbnail ? { thumbnail: row.thumbnail } : {}),
  };
}

export function createAltTextService(deps: AltTextServiceDeps) {
  const { ctx, engine, metering, usage } = deps;
  const generations = createGenerationRepository(ctx.db);
  const thumbnails = createThumbnails();
  // Group commit (see batch-writer.ts): concurrent units share a transaction, and each unit's
  // history row, usage event and reservation change are in the same one, so no crash can leave
  // a charge without its record. Every request waits for its own units' commit before answering.
  const settlements = createBatchWriter<SettledUnit>({
    writeBatch: (units) =>
      ctx.db.transaction().execute(async (trx) => {
        await generations.insertMany(units.flatMap((unit) => (unit.history ? [unit.history] : [])), trx);
        await metering.settleIn(trx, units.map((unit) => unit.settlement));
      }),
  });

  const event = (caller: Caller, endpoint: Endpoint, outcome: UsageOutcome, ms: number, cached: boolean) => ({
    userId: caller.userId,
    apiKeyId: caller.apiKeyId,
    endpoint,
    outcome,
    images: 1,
    processingMs: Math.round(ms),
    cached,
    at: ctx.now(),
  });

  /** Charges every unit up front or none: a batch that does not fit is refused whole. */
  async function admit(caller: Caller, endpoint: Endpoint, units: number, onQuota: QuotaListener): Promise<Reservation> {
    const { decision, reservation } = await metering.admit(caller.userId, units);
    onQuota(decision);
    if (!decision.admitted || !reservation) {
      // Answered before its event commits (the event joins the next group commit): a refusal
      // charges nothing, and waiting put a commit, queued behind a burst's settlements, in front
      // of every 429 (about half of a refusal's time in the two-instance bench). Reads flush
      // first, so analytics count it; only a crash in that instant can lose the line.
      const throttled = { userId: caller.userId, apiKeyId: caller.apiKeyId, endpoint, outcome: 'throttled' as const, images: units, processingMs: 0, cached: false };
      usage.record(throttled).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not record a refused request'));
      throw new QuotaExceeded(decision as RefusedDecision);
    }
    return reservation;
  }

  /**
   * The engine (read → cache → load → describe → check, and back once), then settle the unit: its
   * history row, usage event and reservation in one commit. A failure settles it as refunded (our
   * side or the provider's) or kept (the caller's fault, see isCallerCaused) and is rethrown.
   */
  async function describeAndSettle(
    caller: Caller,
    endpoint: Endpoint,
    reservation: Reservation,
    image: ImageInput,
    options: StyledOptions,
    requestRef: string | null,
  ): Promise<AltTextResult> {
    const started = performance.now();
    let described: Described;
    try {
      described = await engine.describe(image, options, { regenerate: options.regenerate === true, cacheScope: accountCacheScope(caller.userId) });
    } catch (error) {
      const outcome = isCallerCaused(error) ? 'keep' : 'refund';
      await settlements.write({ settlement: { reservation, outcome, event: event(caller, endpoint, 'error', performance.now() - started, false) }, history: null });
      throw error;
    }
    const processingTime = Math.round(performance.now() - started);
    // After describing: an undecodable upload has already failed, and the timing excludes this.
    const thumbnail = 'bytes' in image ? await thumbnails.of(image.bytes, described.sha256) : null;
    const at = ctx.now();
    const result = toResult(imageLabel(image), described, processingTime, at);
    await settlements.write({
      settlement: { reservation, outcome: 'success', event: event(caller, endpoint, 'success', processingTime, result.cached) },
      history: {
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
        verification: result.verification,
        issues: JSON.stringify(result.issues),
        provider: result.provider,
        model: result.model,
        cached: result.cached ? 1 : 0,
        processing_ms: processingTime,
        created_at: at,
        request_ref: requestRef,
        thumbnail,
      },
    });
    return result;
  }

  /** Results a crashed attempt of the same idempotent request already settled, by item index. */
  async function alreadySettled(userId: string, requestRef: string | undefined, count: number): Promise<Map<number, AltTextResult>> {
    if (!requestRef) return new Map();
    const refs = Array.from({ length: count }, (_, index) => itemRef(requestRef, index));
    const rows = await generations.findByRefs(userId, refs);
    return new Map(rows.map((row) => [refs.indexOf(row.request_ref!), fromHistory(row)]));
  }

  const cacheEntries = createAltTextCacheRepository(ctx.db);
  return {
    /** Commits every queued settlement; then later ones are written one by one (app close). */
    close: () => settlements.close(),

    /**
     * Account deletion, in its transaction: the account's cache entries (its history rows cascade
     * from the user row). Entries still in an instance's memory are keyed by the account's scope,
     * which nobody can use any more.
     */
    deleteForUser: (userId: string, trx?: Executor) => cacheEntries.deleteForUser(userId, trx),

    /**
     * check quota → load image → describe → check quality → record usage → respond. `requestRef`
     * (the idempotency record) marks the history row, so a retry after a crash finds it.
     */
    async generate(caller: Caller, input: GenerateInput, onQuota: QuotaListener, requestRef?: string): Promise<AltTextResult> {
      const settled = await alreadySettled(caller.userId, requestRef, 1);
      if (settled.has(0)) return settled.get(0)!;
      const reservation = await admit(caller, ENDPOINTS.single, 1, onQuota);
      try {
        const options = deps.withAccountStyle ? await deps.withAccountStyle(caller.userId, input) : input;
        return await describeAndSettle(caller, ENDPOINTS.single, reservation, input.image, options, requestRef ? itemRef(requestRef, 0) : null);
      } catch (error) {
        throw toAppError(error);
      } finally {
        metering.finish(reservation);
      }
    },

    /** The same story for up to 50 URLs, in input order; one failing image does not fail the rest. */
    async generateBatch(caller: Caller, input: BatchInput, onQuota: QuotaListener, requestRef?: string): Promise<BatchResponse> {
      if (!getPlan(await deps.planOf(caller.userId)).batchAllowed) {
        throw new AppError('plan_forbidden', BATCH_FORBIDDEN_MESSAGE, 403);
      }
      const total = input.imageUrls.length;
      const settled = await alreadySettled(caller.userId, requestRef, total);
      const pending = input.imageUrls.map((url, index) => ({ url, index })).filter(({ index }) => !settled.has(index));
      const options = deps.withAccountStyle ? await deps.withAccountStyle(caller.userId, input) : input;
      const reservation = pending.length > 0 ? await admit(caller, ENDPOINTS.batch, pending.length, onQuota) : null;
      const results: Array<AltTextResult | BatchItemError> = input.imageUrls.map((url, index) => settled.get(index) ?? { imageUrl: url, error: { code: 'internal_error', message: '' } });
      try {
        await mapWithConcurrency(pending, ctx.config.batchConcurrency, async ({ url, index }) => {
          try {
            results[index] = await describeAndSettle(caller, ENDPOINTS.batch, reservation!, { url }, options, requestRef ? itemRef(requestRef, index) : null);
          } catch (error) {
            results[index] = { imageUrl: url, error: toItemError(error) };
          }
        });
      } finally {
        if (reservation) metering.finish(reservation);
      }
      const succeeded = results.filter((result) => !('error' in result)).length;
      return { results, summary: { total, succeeded, failed: total - succeeded } };
    },

    /**
     * One image for nobody in particular (the public demo): the same engine and cache, with a
     * smaller byte cap, and no quota, no history row, no usage event.
     */
    async describeUnmetered(image: ImageInput, limits: { maxBytes: number }): Promise<AltTextResult> {
      const started = performance.now();
      try {
        // The demo's own cache scope: a visitor never learns what an account described.
        const described = await engine.describe(image, {}, { maxBytes: limits.maxBytes, cacheScope: DEMO_CACHE_SCOPE });
        return toResult(imageLabel(image), described, Math.round(performance.now() - started), ctx.now());
      } catch (error) {
        throw toAppError(error);
      }
    },

    /** The quality checker on its own, for alt text written by hand. Not quota-counted. */
    check: checkAltText,

    /** The caller's generations, newest first, keyset-paginated. */
    async history(userId: string, query: { limit: number; cursor?: string }) {
      // Rows of requests still committing are included rather than missed.
      await settlements.flush();
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
