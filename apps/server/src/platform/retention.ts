import { DAY_MS } from '@altwise/shared';
import type { Executor } from '../db/executor';
import { takeSweepLock } from '../db/sweep-lock.repository';
import type { AppContext } from './context';

// Any constant both dialects agree on: the PostgreSQL advisory lock of the retention sweep.
const RETENTION_LOCK = 7_301_144;

/** One module's part of the sweep: deletes what it no longer keeps, on the sweep's transaction. */
export interface RetentionTask {
  name: string;
  run(trx: Executor, cutoffs: RetentionCutoffs): Promise<void>;
}

export interface RetentionCutoffs {
  now: number;
  /** Raw usage events and history older than RETENTION_DAYS. */
  records: number;
  /** Cache entries unread since CACHE_TTL_DAYS. */
  cache: number;
  /** Throttle windows: every one is shorter than a day. */
  windows: number;
  /** Bulk jobs that ended before this, JOB_RETENTION_DAYS ago. */
  jobs: number;
}

/**
 * The periodic sweep, on one instance at a time: on PostgreSQL whoever takes the transaction-level
 * advisory lock runs it and the others skip; SQLite has a single writer anyway.
 */
export function createRetention(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'now' | 'config'>,
  tasks: RetentionTask[] = [],
  /** After a sweep: the database gives the space of what it deleted back (the handle's `reclaimFreePages`). */
  reclaimFreePages: () => Promise<number> = async () => 0,
) {
  return {
    add(task: RetentionTask): void {
      tasks.push(task);
    },

    /** Returns false when another instance holds the sweep. */
    async run(): Promise<boolean> {
      const now = ctx.now();
      const cutoffs: RetentionCutoffs = {
        now,
        records: now - ctx.config.retention.retentionDays * DAY_MS,
        cache: now - ctx.config.retention.cacheTtlDays * DAY_MS,
        windows: now - DAY_MS,
        jobs: now - ctx.config.retention.jobRetentionDays * DAY_MS,
      };
      const ran = await ctx.db.transaction().execute(async (trx) => {
        if (!(await takeSweepLock(trx, ctx.dialect, RETENTION_LOCK))) return false;
        for (const task of tasks) await task.run(trx, cutoffs);
        return true;
      });
      // What the sweep deleted leaves the SQLite file (PostgreSQL's autovacuum makes it reusable itself).
      if (ran) await reclaimFreePages();
      return ran;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
