import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { AltTextEngine, Described } from '@altwise/engine';
import type { GenerationOptions } from '@altwise/shared';
import { DEFAULT_VERIFY_SAMPLES } from '@altwise/shared';
import { isDatabaseUnavailable } from '../../db/database';
import type { Database } from '../../db/schema';
import { createBatchWriter } from '../../platform/batch-writer';
import type { AppContext } from '../../platform/context';
import type { EventTokens, UsageRecorder } from '../usage';
import type { MeteringService, Reservation, UnitOutcome, UnitSettlement } from '../usage';
import { accountCacheScope } from './alt-text-cache';
import { backoffMs } from '../../platform/backoff';

/**
 * An image by URL, or uploaded bytes (multipart or base64) with the client's file name and, when
 * the route hashed them already (an Idempotency-Key's fingerprint), their `sha256` (the engine's
 * sha256Of): the engine takes it as is, so an upload is hashed once.
 */
export type ImageInput = { url: string } | { bytes: Buffer; fileName?: string; sha256?: string };
declare const styledByTheUnit: unique symbol;

/** Readings an image is read with: `samples` (default 3) with `verify`, else one. Each is one unit. */
export function readingsOf(options: Pick<GenerationOptions, 'verify' | 'samples'>): number {
  return options.verify ? (options.samples ?? DEFAULT_VERIFY_SAMPLES) : 1;
}

/** The engine's options: `verify` becomes the number of readings to compare. */
function describeOptionsOf<T extends GenerationOptions>(options: T): T & { samples?: number } {
  const { verify: _verify, samples: _samples, ...rest } = options;
  const readings = readingsOf(options);
  return (readings > 1 ? { ...rest, samples: readings } : rest) as T & { samples?: number };
}
/**
 * Options with the account's style applied (custom instructions come from the account only). Only
 * the unit's `styled` makes them, so `run` cannot be handed a request without its account's style.
 */
export type StyledOptions<T extends GenerationOptions = GenerationOptions> = T & { instructions?: string } & { readonly [styledByTheUnit]: true };
/** Who pays for a unit, and through which key. */
export interface Payer {
  userId: string;
  apiKeyId: string | null;
}

/**
 * How the caller's row went into the unit's transaction, and so how the unit settles:
 * `written` (as the caller said), `already` (an earlier commit of this very settlement went
 * through: nothing more to write), `refund` (the row is not the caller's to write any more, or
 * the image was described already for it: the unit is given back, its event an error or none),
 * `gone` (the row went with its account: refunded, no event naming the account).
 */
export type RowVerdict = 'written' | 'already' | 'refund' | 'gone' | 'free';
/**
 * Writes the caller's row (a history row, a job item) in the unit's transaction. `lockOrder`
 * (a job item's: its job) orders the writes of one group commit, so two instances' commits take
 * the rows they share (a job's counts) in the same order and never wait for each other crosswise.
 */
export type RowWrite = ((trx: Transaction<Database>) => Promise<RowVerdict>) & { lockOrder?: string };

/** What a unit's caller decides about a failure: whether the unit stays charged, and its row. */
export interface FailureRecord {
  unit: Exclude<UnitOutcome, 'success'>;
  write?: RowWrite;
}

export interface UnitWork {
  payer: Payer;
  /** The usage event's endpoint (how the analytics group it). */
  endpoint: string;
  reservation: Reservation;
  image: ImageInput;
  options: StyledOptions;
  /** Units admitted for this image: `readingsOf(options)` (one per reading with verify, else 1). */
  units?: number;
  regenerate?: boolean;
  signal?: AbortSignal;
  /** The caller's row for a description. */
  succeeded(described: Described, processingTime: number, at: number): Promise<RowWrite> | RowWrite;
  /** The caller's rule for a failure (`isCallerCaused`, retries). */
  failed(error: unknown, at: number): FailureRecord;
  /**
   * Keep writing while the database cannot be reached: the answer, paid for, exists only here
   * (a bulk-job item, whose lease stays held meanwhile). A request fails instead: its caller retries.
   */
  persistent?: boolean;
}

export type UnitResult = { ok: true; described: Described; processingTime: number; verdict: RowVerdict } | { ok: false; error: unknown };

interface SettledUnit {
  reservation: Reservation;
  outcome: UnitOutcome;
  /** Units of the reservation this image settles with `outcome` (a verified image: one per reading made; default 1). */
  units?: number;
  /** Units admitted for it but not used (verify asked of the offline describer reads once): given back. */
  unused?: number;
  event: { userId: string; apiKeyId: string | null; endpoint: string; outcome: 'success' | 'error'; images: number; processingMs: number; cached: boolean; at: number; tokens?: EventTokens };
  write?: RowWrite;
  verdict?: RowVerdict;
}

/** Tries of a settlement failing for another reason than an unreachable database (a bug, a constraint). */
const SETTLE_TRIES = 3;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1_000;

/**
 * One generation, the same for a single request, a batch item and a bulk-job item: the account's
 * style, admission, the engine (read → cache → describe → check), then ONE writer that commits the
 * caller's row (history row or job item), the usage event and the reservation's settlement in one
 * transaction (group commit, see batch-writer.ts), so no crash leaves a charge without its record.
 */
export function createGenerationUnit(deps: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  engine: Pick<AltTextEngine, 'describe'>;
  metering: MeteringService;
  usage: UsageRecorder;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** The request's options over the account's alt-text style (the settings module's rule). */
  withAccountStyle?: <T extends GenerationOptions>(userId: string, options: T) => Promise<T & { instructions?: string }>;
}) {
  const { ctx, engine, metering } = deps;
  const writer = createBatchWriter<SettledUnit>({
    writeBatch: (units) =>
      ctx.db.transaction().execute(async (trx) => {
        const settlements: UnitSettlement[] = [];
        const ordered = [...units].sort((a, b) => (a.write?.lockOrder ?? '').localeCompare(b.write?.lockOrder ?? ''));
        for (const unit of ordered) {
          unit.verdict = unit.write ? await unit.write(trx) : 'written';
          if (unit.verdict === 'already') continue;
          const first = settlements.length;
          if (unit.verdict === 'written') settlements.push({ reservation: unit.reservation, outcome: unit.outcome, event: unit.event });
          else if (unit.verdict === 'free') settlements.push({ reservation: unit.reservation, outcome: 'refund' as const });
          else settlements.push({ reservation: unit.reservation, outcome: 'refund' as const, event: unit.verdict === 'gone' ? undefined : { ...unit.event, outcome: 'error' as const } });
          // A verified image's other readings settle as its first did (its one event counts them all in `images`).
          for (let more = 1; more < (unit.units ?? 1); more += 1) settlements.push({ reservation: unit.reservation, outcome: settlements[first]!.outcome });
          for (let more = 0; more < (unit.unused ?? 0); more += 1) settlements.push({ reservation: unit.reservation, outcome: 'refund' });
        }
        await metering.settleIn(trx, settlements);
      }),
  });

  async function write(unit: SettledUnit, persistent: boolean): Promise<RowVerdict> {
    for (let tries = 1; ; tries += 1) {
      try {
        await writer.write(unit);
        return unit.verdict ?? 'written';
      } catch (error) {
        if (!persistent || (!isDatabaseUnavailable(error) && tries >= SETTLE_TRIES)) throw error;
        await sleep(backoffMs(tries, { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS }));
      }
    }
  }

  return {
    /** The options a generation is asked with: the account's style under the caller's own (what `run` takes). */
    async styled<T extends GenerationOptions>(userId: string, options: T): Promise<StyledOptions<T>> {
      return (deps.withAccountStyle ? await deps.withAccountStyle(userId, options) : options) as StyledOptions<T>;
    },

    /** Charges `units` up front, or none: the decision says which, and is the caller's to show. */
    admit(userId: string, units: number): ReturnType<MeteringService['admit']> {
      return metering.admit(userId, units);
    },

    /**
     * A refusal's usage event, answered before it commits (it joins the next group commit): a
     * refusal charges nothing, and waiting put a commit queued behind a burst's settlements in front
     * of every 429. Reads flush first, so analytics count it; only a crash in that instant loses it.
     */
    recordRefusal(payer: Payer, endpoint: string, units: number): void {
      const throttled = { userId: payer.userId, apiKeyId: payer.apiKeyId, endpoint, outcome: 'throttled' as const, images: units, processingMs: 0, cached: false };
      deps.usage.record(throttled).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not record a refused request'));
    },

    /** The reservation's request is over: what it left unsettled is reconcile's to release. */
    finish: (reservation: Reservation) => metering.finish(reservation),

    /** Describe one image under an admitted reservation, then settle its unit with the caller's row. */
    async run(work: UnitWork): Promise<UnitResult> {
      const started = performance.now();
      const admitted = work.units ?? 1;
      // Token usage: a description's event carries the tokens its model calls cost (none for a cache hit).
      const event = (outcome: 'success' | 'error', cached: boolean, tokens?: EventTokens, images = admitted) => ({
        userId: work.payer.userId,
        apiKeyId: work.payer.apiKeyId,
        endpoint: work.endpoint,
        outcome,
        images,
        processingMs: Math.round(performance.now() - started),
        cached,
        at: ctx.now(),
        ...(tokens && { tokens }),
      });
      let described: Described;
      try {
        described = await engine.describe(work.image, describeOptionsOf(work.options), { regenerate: work.regenerate === true, cacheScope: accountCacheScope(work.payer.userId), signal: work.signal });
      } catch (error) {
        const failure = work.failed(error, ctx.now());
        await write({ reservation: work.reservation, outcome: failure.unit, units: admitted, event: event('error', false), write: failure.write }, work.persistent === true);
        return { ok: false, error };
      }
      const processingTime = Math.round(performance.now() - started);
      const rowWrite = await work.succeeded(described, processingTime, ctx.now());
      // One unit per reading made: verify asked of the offline describer read once, the rest goes back.
      const used = Math.min(admitted, described.samples ?? 1);
      const verdict = await write({ reservation: work.reservation, outcome: 'success', units: used, unused: admitted - used, event: event('success', described.cached, described.usage, used), write: rowWrite }, work.persistent === true);
      return { ok: true, described, processingTime, verdict };
    },

    /**
     * Economy jobs (jobs/economy/): a description made outside `run` (a provider batch's answer,
     * checked by the engine's finishAnswer) settles through the same one writer: the caller's row,
     * the usage event and the unit's settlement in one transaction, under an admitted reservation.
     */
    async record(work: Pick<UnitWork, 'payer' | 'endpoint' | 'reservation' | 'succeeded' | 'persistent' | 'units'> & { described: Described; processingMs: number }): Promise<RowVerdict> {
      const at = ctx.now();
      const rowWrite = await work.succeeded(work.described, work.processingMs, at);
      // A verified item's readings: one unit each, admitted together, counted in the one event's `images`.
      const units = work.units ?? 1;
      const event = { userId: work.payer.userId, apiKeyId: work.payer.apiKeyId, endpoint: work.endpoint, outcome: 'success' as const, images: units, processingMs: work.processingMs, cached: false, at, ...(work.described.usage && { tokens: work.described.usage }) };
      return write({ reservation: work.reservation, outcome: 'success', units, event, write: rowWrite }, work.persistent === true);
    },

    /** Commits what is queued (reads of history flush first). */
    flush: () => writer.flush(),
    /** Commits every queued settlement; later ones are written one by one (shutdown). */
    close: () => writer.close(),
  };
}

export type GenerationUnit = ReturnType<typeof createGenerationUnit>;
