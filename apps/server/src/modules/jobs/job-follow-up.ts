import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { endJobIfDone } from './job-end';
import type { JobsRepository } from './jobs.repository';

export interface FollowUpHooks {
  /** A job is ending (completed or failed): runs in the transaction that records the end (its webhook). */
  onJobEnding?: (jobId: string, trx: Transaction<Database>) => Promise<void>;
  /** A job has ended (committed). */
  onJobEnded?: (jobId: string) => Promise<void>;
  /** Items of a still-running job settled (progress webhooks, throttled by the listener). */
  onProgress?: (jobId: string) => Promise<void>;
}

/**
 * What both dispatchers (in-process, BullMQ) do after items settle: end the jobs with nothing
 * left (and tell the listeners), and the periodic part of the sweep (jobs whose end nobody
 * recorded because their instance died first).
 */
export function createJobFollowUp(deps: { repository: Pick<JobsRepository, 'stillRunning' | 'unfinished' | 'transaction' | 'cancelLeftovers' | 'anySucceeded' | 'endJob'>; now: () => number; logger: FastifyBaseLogger } & FollowUpHooks) {
  // Jobs whose items settled since the last check whether they are over.
  const touched = new Set<string>();
  // Of those, the ones the sweep found with no item pending (by their items, not their counts).
  const foundIdle = new Set<string>();

  return {
    touch(jobId: string): void {
      touched.add(jobId);
    },
    get pending(): number {
      return touched.size;
    },
    async finalizeTouched(): Promise<void> {
      for (const jobId of [...touched]) {
        touched.delete(jobId);
        // Most passes follow an item of a job with more to go. Its kept counts say so in one read;
        // the end's transaction would take the job's row (which each settlement of it waits for)
        // to find out. Kept counts that ever drifted high cost a job's end one sweep, no more: the
        // sweep finds jobs by their items.
        if (!foundIdle.delete(jobId) && (await deps.repository.stillRunning(jobId))) {
          await deps.onProgress?.(jobId);
          continue;
        }
        const onEnding = deps.onJobEnding;
        if (await endJobIfDone(deps.repository, jobId, deps.now(), onEnding && ((trx) => onEnding(jobId, trx)))) await deps.onJobEnded?.(jobId);
        else await deps.onProgress?.(jobId);
      }
    },
    /** The periodic pass: jobs whose end nobody recorded. */
    async sweep(): Promise<void> {
      try {
        for (const jobId of await deps.repository.unfinished(20)) {
          touched.add(jobId);
          foundIdle.add(jobId);
        }
      } catch (error) {
        deps.logger.warn({ err: error }, 'job sweep failed; retrying');
      }
    },
  };
}

export type JobFollowUp = ReturnType<typeof createJobFollowUp>;

/** What the jobs module needs of a dispatcher, whichever runs (chosen in jobs.module.ts). */
export interface JobDispatcher {
  /** Starts taking items (WORKERS=inline, or `npm run worker`). */
  start(): void;
  /** A job was stored: start on it now rather than at the next sweep. */
  wake(): void;
  /** Takes no more items and waits for those in flight to settle (shutdown drain). */
  stop(): Promise<void>;
}
