import { createHash } from 'node:crypto';
import { MAX_JOB_ITEM_ATTEMPTS } from '@altwise/shared';
import type { ImagePurpose } from '@altwise/shared';
import { isEngineError } from '@altwise/engine';
import { isDatabaseUnavailable } from '../../db/database';
import type { GenerationUnit, RowVerdict, RowWrite } from '../alt-text';
import { isCallerCaused, readingsOf, resultUsage, toItemError } from '../alt-text';
import type { LeaseKeeper } from './job-leases';
import type { ClaimedItem } from './job-item-leases.repository';
import type { ItemOutcome, JobsRepository } from './jobs.repository';
import { backoffMs } from '../../platform/backoff';

export const JOBS_ENDPOINT = 'POST /api/v1/jobs';
/** Wait before the 2nd and 3rd tries of an item that failed on our side or the provider's. */
export const RETRY_BASE_MS = 1_000;

/** What an item needs of its job: who pays, and the options. */
export interface JobInfo {
  userId: string;
  apiKeyId: string | null;
  language?: string;
  maxLength?: number;
  /** Verified alt text: `samples` readings per item, one unit each. */
  verify?: boolean;
  samples?: number;
}

export type RunOutcome = 'settled' | 'waiting';

/**
 * The key items share a description under: the bytes, and what shapes what is written about them
 * (the item's context and purpose). Identical images with one context are described once.
 */
export function imageKeyOf(imageHash: string, item: Pick<ClaimedItem, 'context' | 'purpose' | 'language'>): string {
  // An item's own language is part of its request (the keys of items without one are as before).
  return createHash('sha256').update(`${imageHash}\n${item.context ?? ''}\n${item.purpose ?? ''}${item.language ? `\n${item.language}` : ''}`).digest('hex');
}

/**
 * Runs claimed items through the generation unit (the account's style, one unit admitted,
 * described, settled with the item's row in one transaction, guarded by the item's lease so a unit
 * is never charged twice). What is left here is the bulk part: leases, retries, and waiting for the
 * quota window's reset instead of failing.
 */
export function createJobRunner(deps: {
  ctx: { now: () => number };
  repository: JobsRepository;
  generation: GenerationUnit;
  owner: string;
  /** This instance's leases: held (renewed) while an item runs here, released for sure. */
  leases: Pick<LeaseKeeper, 'hold' | 'drop' | 'release'>;
  /** Null when the job is gone (deleted with its account). */
  jobInfo: (jobId: string) => Promise<JobInfo | null>;
  /** The image of an item: its URL, or an uploaded file's stored bytes (job-files.ts). */
  imageOf?: (imageUrl: string) => Promise<{ url: string } | { bytes: Buffer; fileName?: string }>;
}) {
  const { repository, generation, owner } = deps;
  // Jobs this instance marked as waiting for quota, to clear the mark on the next admission.
  const waiting = new Set<string>();
  // Items running here, by account, so a deleted account's are stopped at once (forgetAccount).
  const runningOf = new Map<string, Set<AbortController>>();
  // Accounts deleted lately (bounded): an item read before the notice does not start after it.
  const deleted = new Set<string>();

  /**
   * The item's row in the unit's transaction. Not ours any more (taken as dead, or cancelled): the
   * unit is given back, unless an earlier commit of this very settlement went through (its outcome
   * was unknown); a job that is gone went with its account, so no event may name the account.
   */
  function itemWrite(item: ClaimedItem, attempts: number, at: number, outcome: ItemOutcome): RowWrite {
    const write = async (trx: Parameters<RowWrite>[0]): Promise<RowVerdict> => {
      const verdict = await repository.settleItem(trx, { jobId: item.jobId, idx: item.idx, leaseToken: item.leaseToken, owner, attempts, at, outcome });
      if (verdict === 'written') return 'written';
      // Another item of the job was charged for the same image: this one shares its description.
      if (verdict === 'duplicate') return 'free';
      if (await repository.settledUnder(trx, item)) return 'already';
      return (await repository.jobExists(trx, item.jobId)) ? 'refund' : 'gone';
    };
    // Settled in its job's turn within a group commit (the job's counts are taken first: jobs.repository.ts).
    return Object.assign(write, { lockOrder: item.jobId });
  }

  function failure(item: ClaimedItem, error: unknown, at: number) {
    const attempts = item.attempts + 1;
    const { code, message } = toItemError(error);
    if (!isEngineError(error) && isDatabaseUnavailable(error)) {
      // The database failed under the describer (its cache), no fault of the item's: the try
      // does not count (a long outage must not use up an item's tries), and it is taken again soon.
      return { unit: 'refund' as const, write: itemWrite(item, item.attempts, at, { kind: 'retry', at: at + RETRY_BASE_MS, code, message }) };
    }
    if (isCallerCaused(error)) return { unit: 'keep' as const, write: itemWrite(item, attempts, at, { kind: 'failed', code, message }) };
    if (attempts < MAX_JOB_ITEM_ATTEMPTS) return { unit: 'refund' as const, write: itemWrite(item, attempts, at, { kind: 'retry', at: at + backoffMs(attempts, { firstMs: RETRY_BASE_MS, maxMs: Infinity, factor: 4 }), code, message }) };
    return { unit: 'refund' as const, write: itemWrite(item, attempts, at, { kind: 'failed', code, message }) };
  }

  /** Admit one unit, describe (stopped by `signal`), settle: the item as a single request is. */
  async function runFor(item: ClaimedItem, job: JobInfo, signal: AbortSignal): Promise<RunOutcome> {
    const units = readingsOf(job);
    const { decision, reservation } = await generation.admit(job.userId, units);
    if (!decision.admitted) {
      waiting.add(item.jobId);
      await repository.setWaiting(item.jobId, decision[decision.window].resetAt);
      await deps.leases.release(item);
      return 'waiting';
    }
    if (!reservation) throw new Error('admitted without a reservation');
    try {
      if (waiting.delete(item.jobId)) await repository.setWaiting(item.jobId, null);
      const purpose = item.purpose ? (JSON.parse(item.purpose) as ImagePurpose) : undefined;
      const options = await generation.styled(job.userId, { language: item.language ?? job.language, maxLength: job.maxLength, context: item.context ?? undefined, purpose, verify: job.verify, samples: job.samples });
      await generation.run({
        payer: job,
        endpoint: JOBS_ENDPOINT,
        reservation,
        image: deps.imageOf ? await deps.imageOf(item.imageUrl) : { url: item.imageUrl },
        options,
        units,
        signal,
        // The answer, paid for, exists only here: written once the database takes it (issue 20 row 1),
        // the lease held (renewed) meanwhile, so nobody asks the model for it again.
        persistent: true,
        succeeded: (described, processingTime, at) => {
          const { altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, cached, samples, agreement, claims, uncertain } = described;
          // Token usage: the tokens the model calls cost, none for a cache hit.
          const result = JSON.stringify({ altText, longDescription, isDecorative, containsText, textInImage, wcagCompliant, verification, verificationReason, uncertainText, issues, provider, model, cached, processingTime, ...resultUsage(described), samples, agreement, claims, uncertain });
          return itemWrite(item, item.attempts + 1, at, { kind: 'succeeded', result, imageHash: described.sha256, imageKey: imageKeyOf(described.sha256, item), uncertain: uncertain?.length ?? 0 });
        },
        failed: (error, at) => failure(item, error, at),
      });
      return 'settled';
    } finally {
      generation.finish(reservation);
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
    flush: () => generation.flush(),
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
