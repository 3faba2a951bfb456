import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { AltTextEngine } from '@altwise/engine';
import { checkAltText } from '@altwise/engine';
import type { AltTextResult, BatchItemError, BatchResponse, GenerationOptions } from '@altwise/shared';
import { getPlan } from '@altwise/shared';
import type { Caller } from '../../platform/caller';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { QuotaDecision, RefusedDecision, UsageRecorder } from '../usage';
import { QuotaExceeded } from '../usage';
import type { MeteringService, Reservation } from '../usage';
import { DEMO_CACHE_SCOPE } from './alt-text-cache';
import type { AltTextCacheRepository } from './alt-text-cache.repository';
import { isCallerCaused, toAppError, toItemError } from './generation-errors';
import { imageLabel, toGeneration, toResult } from './generation-result';
import type { GenerationRepository } from './generation.repository';
import type { ImageInput, StyledOptions } from './generation-unit';
import { createGenerationUnit, readingsOf } from './generation-unit';
import { decodeCursor, encodeCursor } from '../../platform/keyset-cursor';
import type { RowsName } from './history-rows';
import { createHistoryRows } from './history-rows';
import pMap from 'p-map';

export type { ImageInput } from './generation-unit';

/** Usage-event endpoint names, as the analytics group them. */
export const ENDPOINTS = { single: 'POST /api/v1/images', batch: 'POST /api/v1/images/batch' } as const;
type Endpoint = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

export const BATCH_FORBIDDEN_MESSAGE =
  'Batch processing is not available on the Free plan. Upgrade to Pro to process images in batches.';

export type GenerateInput = GenerationOptions & { image: ImageInput };
export type BatchInput = GenerationOptions & { imageUrls: string[] };

/** What a streamed batch answer is told: its admission (with what a takeover had settled), then each image. */
export interface BatchProgress {
  admitted(quota: QuotaDecision | null, alreadySettled: Array<{ index: number; result: AltTextResult | BatchItemError }>): void;
  settled(index: number, result: AltTextResult | BatchItemError): void;
}

/** An answer with the quota decision behind it (null: nothing was admitted), for the caller's headers. */
export interface Generated<T> {
  result: T;
  quota: QuotaDecision | null;
}

/** A failure after the quota admitted the request: the error, and the decision the answer still reports. */
export class Admitted extends Error {
  override name = 'Admitted';
  constructor(
    override readonly cause: unknown,
    readonly quota: QuotaDecision,
  ) {
    super('failed after admission');
  }
}

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
  generations: GenerationRepository;
  cacheEntries: AltTextCacheRepository;
}

export function createAltTextService(deps: AltTextServiceDeps) {
  const { ctx, engine, generations, cacheEntries } = deps;
  const history = createHistoryRows(generations);
  // The one generation unit (see generation-unit.ts), shared with bulk jobs: the account's style,
  // admission, the engine, and one group-committing writer for history rows and job items alike.
  const unit = createGenerationUnit({ ctx, engine, metering: deps.metering, usage: deps.usage, logger: deps.logger, withAccountStyle: deps.withAccountStyle });

  /** Charges every unit up front or none: a batch that does not fit is refused whole. */
  async function admit(caller: Caller, endpoint: Endpoint, units: number): Promise<{ reservation: Reservation; quota: QuotaDecision }> {
    const { decision, reservation } = await unit.admit(caller.userId, units);
    if (!decision.admitted || !reservation) {
      unit.recordRefusal(caller, endpoint, units);
      throw new QuotaExceeded(decision as RefusedDecision);
    }
    return { reservation, quota: decision };
  }

  /**
   * The unit for one image of a request: a failure settles as refunded (our side or the
   * provider's) or kept (the caller's fault, see isCallerCaused) and is rethrown.
   */
  async function describeOne(caller: Caller, endpoint: Endpoint, reservation: Reservation, image: ImageInput, options: StyledOptions, named: { rows?: RowsName; index: number }): Promise<AltTextResult> {
    const outcome = await unit.run({
      payer: caller,
      endpoint,
      reservation,
      image,
      options,
      units: readingsOf(options),
      regenerate: options.regenerate,
      succeeded: (described, processingTime, at) => history.writer(caller, image, described, processingTime, at, named),
      failed: (error) => ({ unit: isCallerCaused(error) ? 'keep' : 'refund' }),
    });
    if (!outcome.ok) throw outcome.error;
    return toResult(imageLabel(image), outcome.described, outcome.processingTime, ctx.now());
  }

  return {
    /** The generation unit, for bulk-job items (the jobs module runs each through it). */
    unit,

    /** Commits every queued settlement; then later ones are written one by one (app close). */
    close: () => unit.close(),

    /**
     * Account deletion, in its transaction: the account's cache entries (its history rows cascade
     * from the user row). Entries still in an instance's memory are keyed by the account's scope,
     * which nobody can use any more.
     */
    deleteForUser: (userId: string, trx?: Executor) => cacheEntries.deleteForUser(userId, trx),

    /**
     * check quota → load image → describe → check quality → record usage → answer, with the quota
     * decision for the caller's headers. `rowsNamed` (see RowsName in history-rows.ts: given by
     * the edge, the same on every attempt of one request) names the request's history rows, so a
     * retry after a crash answers from them instead of charging again.
     * A failure after admission is thrown as Admitted (the error, with the decision).
     */
    async generate(caller: Caller, input: GenerateInput, rowsNamed?: RowsName): Promise<Generated<AltTextResult>> {
      const settled = await history.settled(caller.userId, rowsNamed, 1);
      if (settled.has(0)) return { result: settled.get(0)!, quota: null };
      const units = readingsOf(input);
      const { reservation, quota } = await admit(caller, ENDPOINTS.single, units);
      try {
        const options = await unit.styled(caller.userId, input);
        return { result: await describeOne(caller, ENDPOINTS.single, reservation, input.image, options, { rows: rowsNamed, index: 0 }), quota };
      } catch (error) {
        throw new Admitted(toAppError(error), quota);
      } finally {
        unit.finish(reservation);
      }
    },

    /** The same story for up to 50 URLs, in input order; one failing image does not fail the rest. */
    /** `progress`: told once the batch is admitted, then of each image as it settles (the NDJSON answer, batch-stream.ts). */
    async generateBatch(caller: Caller, input: BatchInput, rowsNamed?: RowsName, progress?: BatchProgress): Promise<Generated<BatchResponse>> {
      if (!getPlan(await deps.planOf(caller.userId)).batchAllowed) {
        throw new AppError('plan_forbidden', BATCH_FORBIDDEN_MESSAGE, 403);
      }
      const total = input.imageUrls.length;
      const settled = await history.settled(caller.userId, rowsNamed, total);
      const pending = input.imageUrls.map((url, index) => ({ url, index })).filter(({ index }) => !settled.has(index));
      const options = await unit.styled(caller.userId, input);
      const admitted = pending.length > 0 ? await admit(caller, ENDPOINTS.batch, pending.length * readingsOf(input)) : null;
      const results: Array<AltTextResult | BatchItemError> = input.imageUrls.map((url, index) => settled.get(index) ?? { imageUrl: url, error: { code: 'internal_error', message: '' } });
      progress?.admitted(admitted?.quota ?? null, [...settled.keys()].map((index) => ({ index, result: results[index]! })));
      try {
        await pMap(pending, async ({ url, index }) => {
          try {
            results[index] = await describeOne(caller, ENDPOINTS.batch, admitted!.reservation, { url }, options, { rows: rowsNamed, index });
          } catch (error) {
            results[index] = { imageUrl: url, error: toItemError(error) };
          }
          progress?.settled(index, results[index]!);
        }, { concurrency: ctx.config.batchConcurrency });
      } finally {
        if (admitted) unit.finish(admitted.reservation);
      }
      const succeeded = results.filter((result) => !('error' in result)).length;
      return { result: { results, summary: { total, succeeded, failed: total - succeeded } }, quota: admitted?.quota ?? null };
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
      await unit.flush();
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
