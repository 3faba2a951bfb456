import { performance } from 'node:perf_hooks';
import { MAX_JOB_ITEM_ATTEMPTS } from '@altwise/shared';
import { createBatchWriter } from '../../platform/batch-writer';
import type { AppContext } from '../../platform/context';
import type { AltTextEngine } from '@altwise/engine';
import { isCallerCaused, toItemError } from '../alt-text';
import type { MeteringService, Reservation, UnitOutcome } from '../usage';
import type { ClaimedItem, ItemOutcome, JobsRepository } from './jobs.repository';

export const JOBS_ENDPOINT = 'POST /api/v1/jobs';
/** Wait before the 2nd and 3rd tries of an item that failed on our side or the provider's. */
export const RETRY_BASE_MS = 1_000;

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
  jobInfo: (jobId: string) => Promise<JobInfo>;
}) {
  const { ctx, repository, metering, owner } = deps;
  // Jobs this instance marked as waiting for quota, to clear the mark on the next admission.
  const waiting = new Set<string>();
  const writer = createBatchWriter<SettledItem>({
    writeBatch: (units) =>
      ctx.db.transaction().execute(async (trx) => {
        const settlements = [];
        for (const unit of units) {
          const held = await repository.settleItem(trx, { jobId: unit.item.jobId, idx: unit.item.idx, owner, attempts: unit.attempts, at: unit.at, outcome: unit.outcome });
          // Not ours any more (taken as dead, or cancelled): whatever happened, this run charges nothing.
          settlements.push({ reservation: unit.reservation, outcome: held ? unit.unit : ('refund' as const), event: held ? unit.event : { ...unit.event, outcome: 'error' as const } });
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

  return {
    async run(item: ClaimedItem): Promise<RunOutcome> {
      const job = await deps.jobInfo(item.jobId);
      const { decision, reservation } = await metering.admit(job.userId, 1);
      if (!decision.admitted) {
        waiting.add(item.jobId);
        await repository.setWaiting(item.jobId, decision[decision.window].resetAt);
        await repository.releaseLease(item.jobId, item.idx, owner);
        return 'waiting';
      }
      if (!reservation) throw new Error('admitted without a reservation');
      try {
        if (waiting.delete(item.jobId)) await repository.setWaiting(item.jobId, null);
        const started = performance.now();
        const attempts = item.attempts + 1;
        let settled: Pick<SettledItem, 'outcome' | 'unit'> & { cached: boolean; ok: boolean };
        try {
          const described = await deps.describer.describe({ url: item.imageUrl }, { language: job.language, maxLength: job.maxLength, context: item.context ?? undefined });
          const processingTime = Math.round(performance.now() - started);
          const { altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, issues, provider, model, cached } = described;
          const result = JSON.stringify({ altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, issues, provider, model, cached, processingTime });
          settled = { outcome: { kind: 'succeeded', result }, unit: 'success', cached, ok: true };
        } catch (error) {
          settled = { ...outcomeOfFailure(error, attempts, ctx.now()), cached: false, ok: false };
        }
        const at = ctx.now();
        const event = { userId: job.userId, apiKeyId: job.apiKeyId, endpoint: JOBS_ENDPOINT, outcome: settled.ok ? ('success' as const) : ('error' as const), images: 1, processingMs: Math.round(performance.now() - started), cached: settled.cached, at };
        try {
          await writer.write({ item, attempts, at, outcome: settled.outcome, unit: settled.unit, reservation, event });
        } catch (error) {
          // Not settled: the lease goes back (another try takes the item), reconcile refunds the unit.
          await repository.releaseLease(item.jobId, item.idx, owner).catch(() => undefined);
          throw error;
        }
        return 'settled';
      } finally {
        metering.finish(reservation);
      }
    },
    flush: () => writer.flush(),
    close: () => writer.close(),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
