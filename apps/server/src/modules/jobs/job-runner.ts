import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAX_JOB_ITEM_ATTEMPTS } from '@altwise/shared';
import { isDatabaseUnavailable } from '../../db/database';
import { createBatchWriter } from '../../platform/batch-writer';
import type { AppContext } from '../../platform/context';
import type { AltTextEngine } from '@altwise/engine';
import { isEngineError } from '@altwise/engine';
import type { ImagePurpose } from '@altwise/shared';
import { accountCacheScope, isCallerCaused, toItemError } from '../alt-text';
import type { MeteringService, Reservation, UnitOutcome } from '../usage';
import type { LeaseKeeper } from './job-leases';
import { retryDelay } from './job-leases';
import type { ClaimedItem, ItemOutcome, JobsRepository } from './jobs.repository';

export const JOBS_ENDPOINT = 'POST /api/v1/jobs';
/** Wait before the 2nd and 3rd tries of an item that failed on our side or the provider's. */
export const RETRY_BASE_MS = 1_000;
/** Tries of a settlement failing for another reason than an unreachable database (a bug, a constraint). */
const SETTLE_TRIES = 3;

/** What an item needs of its job: who pays, and the options. */
export interface JobInfo {
  userId: string;
  apiKeyId: string | null;
  language?: string;
  maxLength?: number;
}

interface SettledItem {
  item: ClaimedItem;
  attempts: number;
  at: number;
  outcome: ItemOutcome;
  unit: UnitOutcome;
  reservation: Reservation;
  event: { userId: string; apiKeyId: string | null; endpoint: string; outcome: 'success' | 'error'; images: number; processingMs: number; cached: boolean; at: number };
}

export type RunOutcome = 'settled' | 'waiting';

/**
 * Processes one claimed item exactly like a single request is: admit one unit (quota), describe
 * (the cache counts as elsewhere), then settle the unit with the item's result in ONE transaction
 * (group commit), guarded by the item's lease so a unit is never charged twice. When the quota is
 * used up the job waits for the window's reset instead of failing.
 */
export function createJobRunner(deps: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  repository: JobsRepository;
  metering: MeteringService;
  describer: Pick<AltTextEngine, 'describe'>;
  owner: string;
  /** This instance's leases: held (renewed) while an item runs here, released for sure. */
  leases: Pick<LeaseKeeper, 'hold' | 'drop' | 'release'>;
  /** Null when the job is gone (deleted with its account). */
  jobInfo: (jobId: string) => Promise<JobInfo | null>;
}) {
  const { ctx, repository, metering, owner } = deps;
  // Jobs this instance marked as waiting for quota, to clear the mark on the next admission.
  const waiting = new Set<string>();
  // Items running here, by account, so a deleted account's are stopped at once (forgetAccount).
  const runningOf = new Map<string, Set<AbortController>>();
  // Accounts deleted lately (bounded): an item read before the notice does not start after it.
  const deleted = new Set<string>();
  const writer = createBatchWriter<SettledItem>({
    writeBatch: (units) =>
      ctx.db.transaction().execute(async (trx) => {
        const settlements = [];
        for (const unit of units) {
          const held = await repository.settleItem(trx, { jobId: unit.item.jobId, idx: unit.item.idx, leaseToken: unit.item.leaseToken, owner, attempts: unit.attempts, at: unit.at, outcome: unit.outcome });
          // A settlement tried again after a commit whose outcome was unknown, and that commit had
          // gone through: the item and its unit are settled already; nothing more to write.
          if (!held && (await repository.settledUnder(trx, unit.item))) continue;
          // Not ours any more (taken as dead, or cancelled): whatever happened, this run charges nothing.
          // A job that is gone went with its account: no usage event may name the deleted account.
          const gone = !held && !(await repository.jobExists(trx, unit.item.jobId));
          settlements.push({ reservation: unit.reservation, outcome: held ? unit.unit : ('refund' as const), event: held ? unit.event : gone ? undefined : { ...unit.event, outcome: 'error' as const } });
        }
        await metering.settleIn(trx, settlements);
      }),
  });

  function outcomeOfFailure(error: unknown, attempts: number, at: number): { outcome: ItemOutcome; unit: UnitOutcome } {
    const { code, message } = toItemError(error);
    if (isCallerCaused(error)) return { outcome: { kind: 'failed', code, message }, unit: 'keep' };
    if (attempts < MAX_JOB_ITEM_ATTEMPTS) return { outcome: { kind: 'retry', at: at + RETRY_BASE_MS * 4 ** (attempts - 1), code, message }, unit: 'refund' };
    return { outcome: { kind: 'failed', code, message }, unit: 'refund' };
  }

  /**
   * Writes an item's outcome with its unit. While the database cannot be reached this is retried
   * until it can (issue 20 row 1): the answer, paid for, exists only here, and the lease stays
   * held (renewed) meanwhile, so nobody asks the model for it again.
   */
  async function settle(unit: SettledItem): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        await writer.write(unit);
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) && tries >= SETTLE_TRIES) throw error;
        await sleep(retryDelay(tries));
      }
    }
  }

  /** Admit one unit, describe (stopped by `signal`), settle: the item as a single request is. */
  async function runFor(item: ClaimedItem, job: JobInfo, signal: AbortSignal): Promise<RunOutcome> {
    const { decision, reservation } = await metering.admit(job.userId, 1);
    if (!decision.admitted) {
      waiting.add(item.jobId);
      await repository.setWaiting(item.jobId, decision[decision.window].resetAt);
      await deps.leases.release(item);
      return 'waiting';
    }
    if (!reservation) throw new Error('admitted without a reservation');
    try {
      if (waiting.delete(item.jobId)) await repository.setWaiting(item.jobId, null);
      const started = performance.now();
      const attempts = item.attempts + 1;
      let counted = attempts;
      let settled: Pick<SettledItem, 'outcome' | 'unit'> & { cached: boolean; ok: boolean };
      try {
        const purpose = item.purpose ? (JSON.parse(item.purpose) as ImagePurpose) : undefined;
        const described = await deps.describer.describe({ url: item.imageUrl }, { language: job.language, maxLength: job.maxLength, context: item.context ?? undefined, purpose }, { cacheScope: accountCacheScope(job.userId), signal });
        const processingTime = Math.round(performance.now() - started);
        const { altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, cached } = described;
        const result = JSON.stringify({ altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, cached, processingTime });
        settled = { outcome: { kind: 'succeeded', result }, unit: 'success', cached, ok: true };
      } catch (error) {
        if (!isEngineError(error) && isDatabaseUnavailable(error)) {
          // The database failed under the describer (its cache), no fault of the item's: the try
          // does not count (a long outage must not use up an item's tries), and it is taken again soon.
          counted = item.attempts;
          settled = { outcome: { kind: 'retry', at: ctx.now() + RETRY_BASE_MS, ...toItemError(error) }, unit: 'refund', cached: false, ok: false };
        } else settled = { ...outcomeOfFailure(error, attempts, ctx.now()), cached: false, ok: false };
      }
      const at = ctx.now();
      const event = { userId: job.userId, apiKeyId: job.apiKeyId, endpoint: JOBS_ENDPOINT, outcome: settled.ok ? ('success' as const) : ('error' as const), images: 1, processingMs: Math.round(performance.now() - started), cached: settled.cached, at };
      await settle({ item, attempts: counted, at, outcome: settled.outcome, unit: settled.unit, reservation, event });
      return 'settled';
    } finally {
      metering.finish(reservation);
    }
  }

  return {
    /**
     * Processes a claimed item. Resolves once it is settled or its lease given back; when it
     * rejects (the item could not be processed), the lease has been given back too, for sure.
     */
    async run(item: ClaimedItem): Promise<RunOutcome> {
      deps.leases.hold(item);
      try {
        const job = await deps.jobInfo(item.jobId);
        // The job went with its account: nothing to describe, charge or settle.
        if (!job || deleted.has(job.userId)) return 'settled';
        const stop = new AbortController();
        const mine = runningOf.get(job.userId) ?? new Set<AbortController>();
        runningOf.set(job.userId, mine.add(stop));
        try {
          return await runFor(item, job, stop.signal);
        } finally {
          mine.delete(stop);
          if (mine.size === 0 && runningOf.get(job.userId) === mine) runningOf.delete(job.userId);
        }
      } catch (error) {
        // Not settled: the lease goes back (another try takes the item); reconcile refunds an admitted unit.
        await deps.leases.release(item);
        throw error;
      } finally {
        deps.leases.drop(item);
      }
    },

    /**
     * The account was deleted (on any instance: the revocation notice): its items running here stop
     * at once, before or during their model call; their settlement finds no row and charges nothing.
     */
    forgetAccount(userId: string): void {
      deleted.add(userId);
      if (deleted.size > 1_000) deleted.delete(deleted.values().next().value!);
      for (const stop of runningOf.get(userId) ?? []) stop.abort();
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
