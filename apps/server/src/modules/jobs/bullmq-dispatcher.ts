import { setTimeout as sleep } from 'node:timers/promises';
import type { Job as QueueMessage } from 'bullmq';
import { Queue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { SWEEP_EVERY_MS } from './job-dispatcher';
import type { FollowUpHooks, JobDispatcher } from './job-follow-up';
import { createJobFollowUp } from './job-follow-up';
import type { JobRunner } from './job-runner';
import type { JobsRepository } from './jobs.repository';
import { createRedisLossDrain } from './redis-loss-drain';

export const ITEMS_QUEUE = 'job-items';
/** A worker's hold on a message; renewed every half of it while the item runs. A killed worker's messages count as active (and so against the global limit) until it lapses and BullMQ's stalled check, run every `LOCK_MS / 2`, moves them back. */
export const LOCK_MS = 10_000;
/** BullMQ's own retries of a message whose processing threw (a database or Redis error, not a model failure: those are the item's own retries, written in the database). */
const MESSAGE_ATTEMPTS = 3;
/** How long after the limits are written back a message taken is still checked against them. */
const RECHECK_MS = 5_000;
/** The pause before a message over the limit goes back to the queue (its worker takes another at once). */
const BACK_TO_QUEUE_MS = 50;
/** BullMQ's lowest priority (a larger number is served later). */
const LAST_PRIORITY = 2_097_152;

interface ItemMessage {
  jobId: string;
  idx: number;
}

/**
 * The message id of one dispatch of an item. Deterministic, so that every sweeper of every process
 * dispatching the same attempt adds ONE message (BullMQ ignores an id it holds). It names the
 * attempt (a retry is a new message), the claim count (an item given back is a new message) and the
 * dead or stale lease it replaces, if any: a killed worker's message stays "active" until BullMQ
 * notices the stall, and its item must not wait for that.
 * BullMQ refuses ':' in ids.
 */
export function messageId(item: { jobId: string; idx: number; attempts: number; leaseOwner: string | null; leaseToken: number }): string {
  return `${item.jobId}_${item.idx}_${item.attempts}_${item.leaseToken}_${item.leaseOwner ?? 'free'}`;
}

/**
 * The BullMQ dispatcher (REDIS_URL set): items travel as messages through one Redis queue that any
 * number of processes (`npm run worker`, servers with WORKERS=inline) consume. The database stays
 * the truth: a message only names an item, and the worker that receives it must still lease the
 * item with the same guarded UPDATE as the in-process dispatcher, so a duplicate, stale or retried
 * message for an item leased by a live worker, settled or cancelled is a no-op and charges nothing.
 * Every started process sweeps: it tops the queue up from the database (pending items with no
 * live lease), which is also how work whose dispatch was lost is dispatched again.
 *
 * The global limits are BullMQ's queue-wide ones, kept in Redis and enforced by its Lua scripts
 * when a worker takes a message: `setGlobalConcurrency(MODEL_CONCURRENCY)` (at most that many items
 * in flight across every worker, hence at most that many model calls, since an item makes at most
 * one at a time) and `setGlobalRateLimit(MODEL_RPM, 1 min)`. Chosen over a Redis semaphore around
 * the model call because it is exact without any code of ours and survives kill -9 without leases
 * of our own (a dead worker's active messages are released by BullMQ's stalled check). The price:
 * an item holds its slot while its image is fetched and its result committed too, so the fleet
 * runs slightly below MODEL_CONCURRENCY model calls at once; cached items and no-op messages also
 * count against MODEL_RPM (conservative, never over).
 *
 * Those limits live in Redis only: a Redis restarted empty has none (issue 20 row 2). So they are
 * written again whenever they are missing: on every reconnect, and checked before every top-up
 * (which is also the only way messages reach a restarted Redis); a top-up that lost its connection
 * on the way checks again before it adds. Items running anywhere when Redis was lost no longer
 * count in the new one: no item starts until they are done (redis-loss-drain.ts). A message taken
 * in that time may have been taken before the limits were back (a top-up's add resent on
 * reconnect): it runs only if the active messages, itself included, are within the limit, and
 * goes back to the queue otherwise.
 *
 * Fair across accounts (issue 18 row 8): a message's BullMQ priority is its item's turn among its
 * account's (the repository's `due` rank: the account's items in flight plus its place in its own
 * queue), and BullMQ serves the smallest first. An account's next item therefore overtakes the
 * queued items of an account that already has items running. A new job tops the queue up at once,
 * however full it is, so its first items are queued with their turn instead of behind the others.
 */
export function createBullmqDispatcher(deps: {
  redisUrl: string;
  prefix: string;
  repository: JobsRepository;
  runner: Pick<JobRunner, 'run'>;
  instance: { id: string; aliveSince(): number };
  now: () => number;
  /** Messages in flight in this process (local concurrency); the global limit is below. */
  capacity: number;
  modelConcurrency: number;
  modelRpm: number | null;
  /** The window modelRpm counts in: a minute, longer only in tests (BuildOptions.jobs). */
  modelRateWindowMs?: number;
  logger: FastifyBaseLogger;
} & FollowUpHooks): JobDispatcher {
  const { repository, instance, logger } = deps;
  const rateWindowMs = deps.modelRateWindowMs ?? 60_000;
  const followUp = createJobFollowUp(deps);
  const connections: Redis[] = [];
  const connect = (): Redis => {
    // BullMQ requires maxRetriesPerRequest null: commands wait for a reconnect instead of failing.
    const redis = new Redis(deps.redisUrl, { maxRetriesPerRequest: null });
    redis.on('error', (error) => logger.warn({ err: error }, 'Redis connection error; reconnecting'));
    // Items running now may no longer count against the global limit (their Redis went away).
    redis.on('close', () => {
      losses += 1;
      checkUntil = Infinity;
      if (!stopped) drain.lost(new Promise((resolve) => redis.once('ready', resolve)), [...running]);
    });
    redis.on('ready', () => void ensureLimits().catch((error: unknown) => logger.warn({ err: error }, 'could not write the global job limits; retrying at the next top-up')));
    connections.push(redis);
    return redis;
  };
  // Items in flight here; Redis connections lost so far; the wait after a loss.
  const running = new Set<Promise<void>>();
  let losses = 0;
  // Messages taken before this may have been taken while the limits were missing (Infinity: not yet written back).
  let checkUntil = 0;
  const drain = createRedisLossDrain({ repository, aliveSince: () => instance.aliveSince(), logger });
  const queue = new Queue<ItemMessage>(ITEMS_QUEUE, {
    connection: connect(),
    prefix: deps.prefix,
    defaultJobOptions: { attempts: MESSAGE_ATTEMPTS, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: true, removeOnFail: true },
  });
  queue.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  // Enough queued to keep every worker busy between sweeps, few enough that a sweep reads little.
  const window = Math.max(64, deps.capacity * 4);
  let worker: Worker<ItemMessage> | undefined;
  let setup: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let topping = false;
  let again = false;
  let forceAgain = false;
  let following = false;

  /**
   * Adds messages for due items (ids make a re-dispatch a no-op): when the queue runs low, or
   * always when `force`d (a new job, the sweep), so that another account's items get their turn.
   */
  /**
   * Writes the queue-wide limits when Redis lacks them (a restart emptied it) or holds others.
   * Every process runs it with the same values (docs/bulk-jobs.md asks for the same settings everywhere).
   */
  async function ensureLimits(): Promise<void> {
    const lossesBefore = losses;
    const [concurrency, rate] = await Promise.all([queue.getGlobalConcurrency(), queue.getGlobalRateLimit()]);
    if (concurrency !== deps.modelConcurrency) await queue.setGlobalConcurrency(deps.modelConcurrency);
    if (deps.modelRpm && (rate?.max !== deps.modelRpm || rate.duration !== rateWindowMs)) await queue.setGlobalRateLimit(deps.modelRpm, rateWindowMs);
    else if (!deps.modelRpm && rate) await queue.removeGlobalRateLimit();
    // Written on the connection of the last loss: a message taken from now on is within them, give or take a connection's lag.
    if (losses === lossesBefore && checkUntil === Infinity) checkUntil = performance.now() + RECHECK_MS;
  }

  async function topUp(force = false): Promise<void> {
    if (stopped) return;
    if (topping) {
      again = true;
      forceAgain ||= force;
      return;
    }
    topping = true;
    try {
      do {
        again = false;
        const forced = force || forceAgain;
        force = forceAgain = false;
        // Before any message: a Redis restarted empty gets its limits back before it gets work.
        const lossesBefore = losses;
        await ensureLimits();
        // Every message has a priority, so the queued ones are in `prioritized`, not `wait`.
        const queued = Object.values(await queue.getJobCounts('wait', 'prioritized')).reduce((sum, count) => sum + count, 0);
        if (!forced && queued >= window / 2) continue;
        const due = await repository.due(instance.id, instance.aliveSince(), deps.now(), window);
        if (due.length === 0) continue;
        // The connection went away since the limits were checked: check them on the new one first.
        if (losses !== lossesBefore) {
          again = true;
          continue;
        }
        await queue.addBulk(due.map((item) => ({ name: 'item', data: { jobId: item.jobId, idx: item.idx }, opts: { jobId: messageId(item), priority: Math.min(item.rank, LAST_PRIORITY) } })));
      } while (again && !stopped);
    } catch (error) {
      logger.warn({ err: error }, 'job dispatch failed; retrying at the next sweep');
    } finally {
      topping = false;
    }
  }

  function followUpSoon(): void {
    if (following) return;
    following = true;
    void followUp
      .finalizeTouched()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not record the end of a job; the sweep will'))
      .finally(() => {
        following = false;
        if (followUp.pending > 0 && !stopped) followUpSoon();
      });
  }

  async function processMessage(message: QueueMessage<ItemMessage>): Promise<void> {
    const takenEarly = performance.now() < checkUntil;
    // Items that ran on when Redis went away first: this message holds a slot of the limit meanwhile.
    // Said at debug level (an operator sees why a worker with messages is idle; the fleet test waits for it).
    if (drain.waiting) logger.debug({ jobId: message.data.jobId, item: message.data.idx }, 'job item message parked until the items that ran when Redis was lost are done');
    await drain.settled();
    if (stopped) return;
    if ((takenEarly || performance.now() < checkUntil) && (await queue.getActiveCount()) > deps.modelConcurrency) {
      // Taken while the limits may have been missing: back to the queue, a moment later.
      logger.debug({ jobId: message.data.jobId, item: message.data.idx }, 'job item message taken over the global limit; back to the queue');
      await sleep(BACK_TO_QUEUE_MS);
      throw Worker.RateLimitError();
    }
    const work = processItem(message.data);
    running.add(work);
    try {
      await work;
    } finally {
      running.delete(work);
    }
  }

  async function processItem({ jobId, idx }: ItemMessage): Promise<void> {
    const [item] = await repository.claimItems(instance.id, instance.aliveSince(), deps.now(), jobId, [idx]);
    // Taken by a live worker, settled, cancelled, or its job waits for quota: nothing to do.
    if (!item) return;
    try {
      await repository.markStarted([jobId], deps.now()).catch((error: unknown) => logger.warn({ err: error, jobId }, 'could not mark a job running; its items run anyway'));
      // Not settled, it rejects with the lease given back (the runner sees to it) for BullMQ's retry.
      await deps.runner.run(item);
    } finally {
      followUp.touch(jobId);
      followUpSoon();
      void topUp();
    }
  }

  async function startWorker(): Promise<void> {
    // Queue-wide settings, written by every process that starts: run them all with the same values.
    await ensureLimits();
    if (stopped) return;
    // A process that starts cannot tell a Redis restarted a moment ago from one that never stopped:
    // it waits as after a loss (at most one item's time when nothing happened).
    drain.lost(Promise.resolve(), []);
    worker = new Worker<ItemMessage>(ITEMS_QUEUE, processMessage, {
      connection: connect(),
      prefix: deps.prefix,
      concurrency: deps.capacity,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS / 2,
    });
    worker.on('error', (error) => logger.warn({ err: error }, 'job worker error'));
    worker.on('failed', (message, error) => {
      if (message) logger.warn({ err: error, jobId: message.data.jobId, item: message.data.idx, attempt: message.attemptsMade }, 'a job item message failed; BullMQ or the sweep dispatches it again');
    });
  }

  return {
    start(): void {
      setup = startWorker().catch((error: unknown) => logger.error({ err: error }, 'could not start the job worker'));
      timer = setInterval(() => {
        void followUp.sweep().then(() => {
          followUpSoon();
          return topUp(true);
        });
      }, SWEEP_EVERY_MS);
      timer.unref();
      void topUp(true);
    },
    wake: () => void topUp(true),
    async stop(): Promise<void> {
      stopped = true;
      drain.stop();
      if (timer) clearInterval(timer);
      await setup;
      // Waits for the messages in flight: their items settle (or go back) before the database closes.
      await worker?.close();
      await queue.close();
      for (const redis of connections) redis.disconnect();
    },
  };
}
