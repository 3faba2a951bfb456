import type { FastifyBaseLogger } from 'fastify';
import type { FollowUpHooks, JobDispatcher } from './job-follow-up';
import { createJobFollowUp } from './job-follow-up';
import type { JobRunner } from './job-runner';
import type { ClaimedItem } from './job-item-leases.repository';
import type { JobsRepository } from './jobs.repository';

/** How often pending items are looked for beside the wake-ups (retries due, quota windows, dead leases). */
export const SWEEP_EVERY_MS = 500;

/**
 * The in-process dispatcher: keeps up to `capacity` items of any job in flight on this instance.
 * It is also the sweeper: every pass takes pending items with no live lease, so work whose
 * dispatch was lost (a crash after the job was stored, a killed instance) is taken again. The
 * model calls themselves are limited by MODEL_CONCURRENCY in the vision engine; capacity above
 * it keeps image fetches and commits overlapping with model calls.
 *
 * Fair across accounts (issue 18 row 8): items are taken in turns across accounts (see the
 * repository's `due`), and one account holds at most `perAccount` of the slots here, a little above
 * the model limit. The model's queue is first come, first served, so an account holding every slot
 * would put all of them in front of another account's item; with the cap, another account's item
 * is taken at once and waits for at most one model call.
 */
export function createJobDispatcher(deps: {
  repository: JobsRepository;
  runner: Pick<JobRunner, 'run'>;
  instance: { id: string; aliveSince(): number };
  now: () => number;
  capacity: number;
  /** Most items of one account in flight on this instance. */
  perAccount: number;
  logger: FastifyBaseLogger;
} & FollowUpHooks): JobDispatcher & { pump(): Promise<void> } {
  const { repository, instance } = deps;
  const followUp = createJobFollowUp(deps);
  let inFlight = 0;
  const inFlightOf = new Map<string, number>();
  const roomFor = (userId: string) => deps.perAccount - (inFlightOf.get(userId) ?? 0);
  let pumping = false;
  let again = false;
  // Only a started dispatcher takes items: with WORKERS=none, a stored job must not wake this one.
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();

  function start(item: ClaimedItem & { userId: string }): void {
    inFlight += 1;
    inFlightOf.set(item.userId, (inFlightOf.get(item.userId) ?? 0) + 1);
    const work = deps.runner
      .run(item)
      .then(() => undefined)
      // The runner has given the lease back: the item is taken again.
      .catch((error: unknown) => deps.logger.warn({ err: error, jobId: item.jobId, item: item.idx }, 'a job item could not be processed; it will be taken again'))
      .finally(() => {
        inFlight -= 1;
        const left = (inFlightOf.get(item.userId) ?? 1) - 1;
        if (left > 0) inFlightOf.set(item.userId, left);
        else inFlightOf.delete(item.userId);
        followUp.touch(item.jobId);
        running.delete(work);
        void pump();
      });
    running.add(work);
  }

  async function pump(): Promise<void> {
    if (!started || stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (!stopped && inFlight < deps.capacity) {
          const { items, more } = await repository.claim(instance.id, instance.aliveSince(), deps.now(), deps.capacity - inFlight, roomFor);
          if (items.length === 0) break;
          // Started (their leases held) before anything else can fail: a claimed item is never dropped.
          for (const item of items) start(item);
          await repository.markStarted([...new Set(items.map((item) => item.jobId))], deps.now()).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not mark jobs running; their items run anyway'));
          // A second read now would find the same items (half of a busy job's reads were that):
          // a settled item, a new job or the sweep wakes the next pass.
          if (!more) break;
        }
        if (followUp.pending > 0 && inFlight < deps.capacity) await followUp.finalizeTouched();
      } while (again && !stopped);
    } catch (error) {
      deps.logger.warn({ err: error }, 'job dispatch failed; retrying at the next sweep');
    } finally {
      pumping = false;
    }
  }

  /** The periodic pass: due items, and jobs whose end nobody recorded. */
  async function sweep(): Promise<void> {
    await followUp.sweep();
    await pump();
  }

  return {
    start(): void {
      started = true;
      timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
      timer.unref();
      void pump();
    },
    wake: () => void pump(),
    /** Runs one pass now and waits for it (tests). */
    pump,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
