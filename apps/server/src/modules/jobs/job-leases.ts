import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database';
import type { HeldLease } from './job-item-leases.repository';
import type { JobsRepository } from './jobs.repository';
import { backoffMs } from '../../platform/backoff';

/** Backoff of a release the database refused: from this, doubling, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 1_000;
/** Tries of a release failing for another reason than an unreachable database (a bug): then the lease expires by itself. */
const OTHER_ERROR_TRIES = 5;

/** The wait before try `tries + 1` of a database write that failed. */
export const retryDelay = (tries: number): number => backoffMs(tries, { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS });

/**
 * The job-item leases this instance holds (issue 20 row 1). A lease is renewed with every
 * heartbeat while its item runs here, so one not renewed for the staleness window is known to be
 * nobody's work any more and any instance takes it again: a claim whose answer was lost in a
 * dropped connection, an item whose processing died with its error, no longer stay leased to a
 * live instance for good. A lease given back is given back for sure: the release is retried
 * until the database takes it (or, failing for another reason, left to expire).
 */
export function createLeaseKeeper(deps: {
  repository: Pick<JobsRepository, 'renewLeases' | 'releaseLease'>;
  owner: string;
  now: () => number;
  renewEveryMs: number;
  logger: FastifyBaseLogger;
}) {
  const { repository, owner, logger } = deps;
  const held = new Map<string, HeldLease>();
  const keyOf = (lease: HeldLease) => `${lease.jobId}:${lease.idx}`;
  let timer: NodeJS.Timeout | undefined;
  let renewing = false;

  async function renew(): Promise<void> {
    if (renewing || held.size === 0) return;
    renewing = true;
    try {
      await repository.renewLeases([...held.values()], owner, deps.now());
    } catch (error) {
      logger.warn({ err: error, leases: held.size }, 'could not renew job-item leases; retrying at the next heartbeat');
    } finally {
      renewing = false;
    }
  }

  function drop(lease: HeldLease): void {
    if (held.get(keyOf(lease))?.leaseToken === lease.leaseToken) held.delete(keyOf(lease));
  }

  return {
    /** Just claimed: renewed from now on. */
    hold(lease: HeldLease): void {
      held.set(keyOf(lease), { jobId: lease.jobId, idx: lease.idx, leaseToken: lease.leaseToken });
    },
    /** Settled (the settlement cleared the lease), or no longer anyone's concern here. */
    drop,
    /** Gives the lease back, retrying until the database takes it. */
    async release(lease: HeldLease): Promise<void> {
      for (let tries = 1; ; tries += 1) {
        try {
          await repository.releaseLease(lease, owner);
          drop(lease);
          return;
        } catch (error) {
          if (!isDatabaseUnavailable(error) && tries >= OTHER_ERROR_TRIES) {
            // Not renewed any more: it expires after the staleness window and is taken again.
            drop(lease);
            logger.warn({ err: error, jobId: lease.jobId, item: lease.idx }, 'could not release a job-item lease; it expires by itself');
            return;
          }
          await sleep(retryDelay(tries));
        }
      }
    },
    get size(): number {
      return held.size;
    },
    start(): void {
      timer ??= setInterval(() => void renew(), deps.renewEveryMs).unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;
