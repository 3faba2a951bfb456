import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { JobsRepository } from './jobs.repository';

/** How often the database is asked whether the items of the lost Redis are done. */
const POLL_MS = 100;
/** The longest wait: an item still leased after this is left to its lease's expiry. */
const MAX_WAIT_MS = 60_000;

/**
 * After the BullMQ Redis was lost, no item starts in this process until every item that was
 * running anywhere in the fleet when it was lost is done (issue 20 row 2, its last race).
 *
 * Those items held slots of the global concurrency in a Redis that no longer exists: a Redis
 * restarted empty counts none of them, and would hand their slots out again while their model calls
 * still run, in this process or any other. Every process sees the same connection close. From
 * that moment until the wait is over, nothing starts here. Once the connection is back (before
 * that, no new message can arrive, and claims under way at the loss have long committed), the
 * database names the items a live instance is working on (their leases); the wait ends when none of
 * those claims is held any more and this process's own items of that time are done. New items then
 * start only under the new Redis's limit. A process that starts waits the same way once (it may
 * have started during such a restart). The wait is bounded: a holder that stopped renewing is
 * dead, and its lease is free after the staleness window.
 */
export function createRedisLossDrain(deps: {
  repository: Pick<JobsRepository, 'liveLeases' | 'stillLive'>;
  aliveSince: () => number;
  logger: FastifyBaseLogger;
}) {
  const { repository, logger } = deps;
  let draining: Promise<void> | null = null;
  const stopping = new AbortController();
  const stopped = new Promise<void>((resolve) => stopping.signal.addEventListener('abort', () => resolve(), { once: true }));

  async function drain(reconnected: Promise<unknown>, local: Array<Promise<unknown>>): Promise<void> {
    await Promise.race([reconnected, stopped]);
    const deadline = performance.now() + MAX_WAIT_MS;
    const done = () => stopping.signal.aborted || performance.now() >= deadline;
    await Promise.race([Promise.allSettled(local), stopped]);
    for (let tries = 0; !done(); tries += 1) {
      try {
        const leases = await repository.liveLeases(deps.aliveSince());
        while (leases.length > 0 && !done() && (await repository.stillLive(leases, deps.aliveSince())) > 0) await sleep(POLL_MS);
        return;
      } catch (error) {
        // The database is away too: try again (nothing starts here meanwhile).
        if (tries === 0) logger.warn({ err: error }, 'could not read the items in flight after losing Redis; retrying');
        await sleep(POLL_MS);
      }
    }
    if (!stopping.signal.aborted) logger.warn('items that ran when Redis was lost are still leased after a minute; starting new items anyway');
  }

  return {
    /**
     * A Redis connection closed: wait, once `reconnected` resolves, for the items in flight now,
     * anywhere, and for this process's `local` ones (one wait at a time).
     */
    lost(reconnected: Promise<unknown>, local: Array<Promise<unknown>>): void {
      draining ??= drain(reconnected, local).finally(() => {
        draining = null;
      });
    },
    /** Whether a wait is under way: an item taken now waits in `settled` before it starts. */
    get waiting(): boolean {
      return draining !== null;
    },
    /** Resolves when no item of a lost Redis is still running (or the process stops). */
    async settled(): Promise<void> {
      while (draining) await draining;
    },
    /** Shutting down: waits end now. */
    stop(): void {
      stopping.abort();
    },
  };
}
