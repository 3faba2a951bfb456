import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The default staleness window (INSTANCE_DEAD_AFTER_MS): an instance silent this long counts as dead. */
export const DEAD_AFTER_MS = 10_000;
/** Heartbeats per staleness window: one missed beat is never enough to be taken for dead. */
const BEATS_PER_WINDOW = 5;

/**
 * This process among the instances sharing the database. Work it holds (quota reservations,
 * idempotency keys in progress, job-item leases) carries its id; when its heartbeat stops (kill -9,
 * a lost machine), any other instance, or this one's successor, releases that work.
 *
 * Judging others dead needs a clean record of one's own (issue 20 row 3): when the database was
 * unreachable, every instance's heartbeat went stale at once, and the first to get through would
 * have taken the others for dead (releasing their reservations, taking their leases) while they
 * were merely waiting to write theirs. So an instance that failed to write its heartbeat, or went
 * longer than a couple of beats without one, counts everyone as alive until it has itself been
 * writing them for a whole staleness window: by then every live instance has had the time to
 * write its own. A fresh instance that never failed judges at once (a killed one's successor
 * must not wait). Health is measured on the monotonic clock, not `now` (tests move that one).
 */
export function createInstanceRegistry(
  db: Kysely<Database>,
  now: () => number,
  options: { deadAfterMs?: number; /** The monotonic clock (tests step it). */ monotonic?: () => number } = {},
) {
  const id = randomUUID();
  const monotonic = options.monotonic ?? (() => performance.now());
  const startedAt = now();
  const deadAfterMs = options.deadAfterMs ?? DEAD_AFTER_MS;
  const heartbeatEveryMs = Math.round(deadAfterMs / BEATS_PER_WINDOW);
  // Monotonic times: since when this instance has written its heartbeat without a miss (null: it
  // just failed), and when it last did. -Infinity: healthy "forever" (never failed yet).
  let healthySince: number | null = Number.NEGATIVE_INFINITY;
  let lastBeat: number | undefined;

  /** Whether this instance may take others for dead now. */
  const mayJudge = () => healthySince !== null && monotonic() - healthySince >= deadAfterMs;

  return {
    id,
    deadAfterMs,
    /** How often `heartbeat` should run (the lifecycle's reconcile timer). */
    heartbeatEveryMs,

    async heartbeat(): Promise<void> {
      const at = now();
      try {
        await db
          .insertInto('instances')
          .values({ id, started_at: startedAt, heartbeat_at: at })
          .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: at }))
          .execute();
      } catch (error) {
        healthySince = null;
        throw error;
      }
      const written = monotonic();
      // A gap of more than two beats (a heartbeat that hung, a frozen process) is a spell this
      // instance cannot vouch for either: others may have been unable to write theirs too.
      const gap = lastBeat === undefined ? 0 : written - lastBeat;
      if (healthySince === null || gap > 2.5 * heartbeatEveryMs) healthySince = written;
      lastBeat = written;
    },

    /**
     * Instances heard from since this time are alive; the same cut-off makes a job-item lease not
     * renewed since then stale. 0 (everyone alive) while this instance may not judge.
     */
    aliveSince: () => (mayJudge() ? now() - deadAfterMs : 0),

    async isAlive(instanceId: string): Promise<boolean> {
      if (instanceId === id || !mayJudge()) return true;
      const row = await db.selectFrom('instances').select('heartbeat_at').where('id', '=', instanceId).executeTakeFirst();
      return row !== undefined && Number(row.heartbeat_at) >= now() - deadAfterMs;
    },

    /** Forgets instances long dead (their work was released first). */
    async pruneDead(): Promise<void> {
      if (!mayJudge()) return;
      await db.deleteFrom('instances').where('heartbeat_at', '<', now() - 10 * deadAfterMs).execute();
    },

    /** A clean exit: other instances need not wait for the heartbeat to stop. */
    async leave(): Promise<void> {
      await db.deleteFrom('instances').where('id', '=', id).execute();
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
