import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { JobRow } from './jobs.repository';
import type { JobsTable } from '../../db/schema';

// A job's item counts, kept on its row (migration 0033) in the transaction of every item change.

export interface StatusCounts {
  pending: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  /** Items that are nobody's duplicate (as far as known): the distinct images. */
  distinct: number;
  /** Pending items that are nobody's duplicate: the units the job will still use. */
  pendingDistinct: number;
}

/** The jobs columns that keep a job's StatusCounts (migration 0033). */
export const COUNT_COLUMNS = {
  pending: 'items_pending',
  succeeded: 'items_succeeded',
  failed: 'items_failed',
  cancelled: 'items_cancelled',
  distinct: 'items_distinct',
  pendingDistinct: 'items_pending_distinct',
} as const satisfies Record<keyof StatusCounts, keyof JobsTable>;

/** The columns that hold them. */
export type CountColumn = (typeof COUNT_COLUMNS)[keyof StatusCounts];

export type CountChange = Partial<Record<keyof StatusCounts, number>>;

/** A job's item counts, as kept on its row. */
export function countsOf(row: JobRow): StatusCounts {
  return {
    pending: Number(row.items_pending),
    succeeded: Number(row.items_succeeded),
    failed: Number(row.items_failed),
    cancelled: Number(row.items_cancelled),
    distinct: Number(row.items_distinct),
    pendingDistinct: Number(row.items_pending_distinct),
  };
}

/**
 * Adds `change` to the job's counts, in the transaction of the items' change. Every writer takes
 * the job's row before its items' rows (see lockCounts), so a settlement and a cancellation of the
 * same job never wait for each other crosswise (a PostgreSQL deadlock).
 */
export async function changeCounts(trx: Executor, jobId: string, change: CountChange): Promise<void> {
  const entries = (Object.entries(change) as Array<[keyof StatusCounts, number]>).filter(([, n]) => n !== 0);
  if (entries.length === 0) return;
  const set = Object.fromEntries(entries.map(([key, n]) => [COUNT_COLUMNS[key], sql<number>`${sql.ref(COUNT_COLUMNS[key])} + ${n}`]));
  await trx.updateTable('jobs').set(set).where('id', '=', jobId).execute();
}

/** Takes the job's row (PostgreSQL row lock; SQLite's write lock) before its items change. */
export async function lockCounts(trx: Executor, jobId: string): Promise<void> {
  await trx.updateTable('jobs').set({ items_pending: sql.ref('items_pending') }).where('id', '=', jobId).execute();
}

/** Takes the rows of every job of an account, as lockCounts does one (before deleting their items). */
export async function lockAccountJobs(trx: Executor, userId: string): Promise<void> {
  await trx.updateTable('jobs').set({ items_pending: sql.ref('items_pending') }).where('user_id', '=', userId).execute();
}

/** Counts the jobs' items again and stores the counts (rows written other than through this repository: test seeds). */
export async function recountJobs(executor: Executor, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  const count = (condition: ReturnType<typeof sql>) => sql<number>`(select count(*) from job_items i where i.job_id = jobs.id and ${condition})`;
  await executor
    .updateTable('jobs')
    .set({
      items_pending: count(sql`i.status = 'pending'`),
      items_succeeded: count(sql`i.status = 'succeeded'`),
      items_failed: count(sql`i.status = 'failed'`),
      items_cancelled: count(sql`i.status = 'cancelled'`),
      items_distinct: count(sql`i.duplicate_of is null`),
      items_pending_distinct: count(sql`i.status = 'pending' and i.duplicate_of is null`),
    })
    .where('id', 'in', jobIds)
    .execute();
}

/** Tallies ended rows by whether each is nobody's duplicate: the counts' change of their status change. */
export function movedFromPending(rows: Array<{ duplicate_of: number | null }>, to: 'succeeded' | 'failed' | 'cancelled'): CountChange {
  const firsts = rows.filter((row) => row.duplicate_of === null).length;
  return { pending: -rows.length, [to]: rows.length, pendingDistinct: -firsts };
}
