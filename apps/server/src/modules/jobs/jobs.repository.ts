import type { Kysely, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, JobItemsTable, JobsTable } from '../../db/schema';

export type JobRow = JobsTable;
export type JobItemRow = Omit<JobItemsTable, 'attempts' | 'next_attempt_at'> & { attempts: number; next_attempt_at: number };
export type NewJobItem = Pick<JobItemsTable, 'job_id' | 'idx' | 'image_url' | 'context' | 'client_id' | 'columns'>;

/** An item taken by this instance: what the runner needs to process it. */
export interface ClaimedItem {
  jobId: string;
  idx: number;
  imageUrl: string;
  context: string | null;
  attempts: number;
}

/** How a settled item ends, written with its quota settlement. */
export type ItemOutcome =
  | { kind: 'succeeded'; result: string }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'retry'; at: number; code: string; message: string };

export interface StatusCounts {
  pending: number;
  succeeded: number;
  failed: number;
  cancelled: number;
}

const INSERT_CHUNK = 500;
const ACTIVE = ['queued', 'running'];

/** Filters of the results listing, as SQL conditions on item status and review. */
export type ItemFilter = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'approved' | 'rejected' | 'needs_review';

export function createJobsRepository(db: Kysely<Database>) {
  /** Leases held by instances still alive (heartbeat since `aliveSince`) are not to be taken. */
  const aliveInstances = (aliveSince: number) => db.selectFrom('instances').select('id').where('heartbeat_at', '>=', aliveSince);

  /**
   * Items due now for someone to take, oldest job first: pending, of an active job not waiting
   * for quota, with no lease or the lease of a dead instance (other than `owner`). `leaseOwner`
   * tells a dead lease from none (the BullMQ dispatcher names its messages after it).
   */
  async function due(owner: string, aliveSince: number, now: number, limit: number): Promise<Array<{ jobId: string; idx: number; attempts: number; leaseOwner: string | null }>> {
    const rows = await db
      .selectFrom('job_items as i')
      .innerJoin('jobs as j', 'j.id', 'i.job_id')
      .select(['i.job_id', 'i.idx', 'i.attempts', 'i.lease_owner'])
      .where('i.status', '=', 'pending')
      .where('i.next_attempt_at', '<=', now)
      .where('j.status', 'in', ACTIVE)
      .where((eb) => eb.or([eb('j.waiting_until', 'is', null), eb('j.waiting_until', '<=', now)]))
      .where((eb) => eb.or([eb('i.lease_owner', 'is', null), eb.and([eb('i.lease_owner', '<>', owner), eb('i.lease_owner', 'not in', aliveInstances(aliveSince))])]))
      .orderBy('j.created_at')
      .orderBy('i.job_id')
      .orderBy('i.idx')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ jobId: row.job_id, idx: row.idx, attempts: Number(row.attempts), leaseOwner: row.lease_owner }));
  }

  /**
   * Leases the given items of one job to `owner`, those still free and due: a guarded UPDATE that
   * re-checks status, retry time, lease and job (active, not waiting for quota), so that of two takers of an
   * item (two instances, or a duplicate queue message) exactly one gets it.
   */
  async function claimItems(owner: string, aliveSince: number, now: number, jobId: string, indexes: number[]): Promise<ClaimedItem[]> {
    if (indexes.length === 0) return [];
    const rows = await db
      .updateTable('job_items')
      .set({ lease_owner: owner })
      .where('job_id', '=', jobId)
      .where('idx', 'in', indexes)
      .where('status', '=', 'pending')
      // A stale message (a redelivery from before the item's last try) must not cut its backoff short.
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb.and([eb('lease_owner', '<>', owner), eb('lease_owner', 'not in', aliveInstances(aliveSince))])]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('id')
            .where('id', '=', jobId)
            .where('status', 'in', ACTIVE)
            .where((inner) => inner.or([inner('waiting_until', 'is', null), inner('waiting_until', '<=', now)])),
        ),
      )
      .returning(['job_id', 'idx', 'image_url', 'context', 'attempts'])
      .execute();
    return rows.map((row) => ({ jobId: row.job_id, idx: row.idx, imageUrl: row.image_url, context: row.context, attempts: Number(row.attempts) }));
  }

  return {
    due,
    claimItems,

    async insertJob(trx: Executor, job: JobRow, items: NewJobItem[]): Promise<void> {
      await trx.insertInto('jobs').values(job).execute();
      for (let at = 0; at < items.length; at += INSERT_CHUNK) {
        await trx
          .insertInto('job_items')
          .values(items.slice(at, at + INSERT_CHUNK).map((item) => ({ ...item, status: 'pending', lease_owner: null, result: null, error_code: null, error_message: null, review: null, finished_at: null })))
          .execute();
      }
    },

    findJob(userId: string, id: string) {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },

    jobsById(ids: string[], executor: Executor = db) {
      return ids.length ? executor.selectFrom('jobs').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
    },

    /** Newest first; `after` is the last row of the previous page. */
    listJobs(userId: string, limit: number, after?: { createdAt: number; id: string }) {
      let query = db.selectFrom('jobs').selectAll().where('user_id', '=', userId);
      if (after) {
        query = query.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async counts(jobIds: string[], executor: Executor = db): Promise<Map<string, StatusCounts>> {
      const result = new Map<string, StatusCounts>(jobIds.map((id) => [id, { pending: 0, succeeded: 0, failed: 0, cancelled: 0 }]));
      if (jobIds.length === 0) return result;
      const rows = await executor
        .selectFrom('job_items')
        .select(['job_id', 'status', (eb) => eb.fn.countAll().as('n')])
        .where('job_id', 'in', jobIds)
        .groupBy(['job_id', 'status'])
        .execute();
      for (const row of rows) {
        const counts = result.get(row.job_id);
        if (counts && row.status in counts) counts[row.status as keyof StatusCounts] = Number(row.n);
      }
      return result;
    },

    itemsPage(jobId: string, limit: number, afterIdx: number, filter?: ItemFilter): Promise<JobItemRow[]> {
      let query = db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).where('idx', '>', afterIdx);
      if (filter === 'approved' || filter === 'rejected') query = query.where('review', '=', filter);
      else if (filter === 'needs_review') query = query.where('status', '=', 'succeeded').where('review', 'is', null);
      else if (filter) query = query.where('status', '=', filter);
      return query.orderBy('idx').limit(limit).execute() as Promise<JobItemRow[]>;
    },

    findItem(jobId: string, idx: number) {
      return db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).where('idx', '=', idx).executeTakeFirst() as Promise<JobItemRow | undefined>;
    },

    /** Takes up to `limit` due items for this instance (the in-process dispatcher): find, then claim. */
    async claim(owner: string, aliveSince: number, now: number, limit: number): Promise<ClaimedItem[]> {
      const byJob = new Map<string, number[]>();
      for (const row of await due(owner, aliveSince, now, limit)) byJob.set(row.jobId, [...(byJob.get(row.jobId) ?? []), row.idx]);
      const claimed: ClaimedItem[] = [];
      for (const [jobId, indexes] of byJob) claimed.push(...(await claimItems(owner, aliveSince, now, jobId, indexes)));
      return claimed.sort((a, b) => a.idx - b.idx);
    },

    async markStarted(jobIds: string[], now: number): Promise<void> {
      if (jobIds.length === 0) return;
      await db.updateTable('jobs').set({ status: 'running', started_at: now }).where('id', 'in', jobIds).where('status', '=', 'queued').execute();
    },

    async setWaiting(jobId: string, until: number | null): Promise<void> {
      await db.updateTable('jobs').set({ waiting_until: until }).where('id', '=', jobId).execute();
    },

    async releaseLease(jobId: string, idx: number, owner: string): Promise<void> {
      await db.updateTable('job_items').set({ lease_owner: null }).where('job_id', '=', jobId).where('idx', '=', idx).where('lease_owner', '=', owner).execute();
    },

    /**
     * Writes an item's outcome if this instance still holds it (pending, leased to `owner`); false
     * when it does not (its lease was taken as dead, or the job was cancelled), so the caller
     * refunds instead of charging a second time.
     */
    async settleItem(trx: Executor, item: { jobId: string; idx: number; owner: string; attempts: number; at: number; outcome: ItemOutcome }): Promise<boolean> {
      const { outcome } = item;
      const values =
        outcome.kind === 'succeeded'
          ? { status: 'succeeded', result: outcome.result, error_code: null, error_message: null, finished_at: item.at }
          : outcome.kind === 'failed'
            ? { status: 'failed', error_code: outcome.code, error_message: outcome.message, finished_at: item.at }
            : { status: 'pending', next_attempt_at: outcome.at, error_code: outcome.code, error_message: outcome.message };
      const result = await trx
        .updateTable('job_items')
        .set({ ...values, attempts: item.attempts, lease_owner: null })
        .where('job_id', '=', item.jobId)
        .where('idx', '=', item.idx)
        .where('status', '=', 'pending')
        .where('lease_owner', '=', item.owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends a job with nothing left to do: `completed`, or `failed` when no item succeeded. A
     * cancelled job's items left pending by a retry are cancelled too. True when this call ended it.
     * `onEnded` runs in the same transaction (the job.completed webhook is stored with the end, so a
     * crash cannot record one without the other).
     */
    async finalize(jobId: string, now: number, onEnded?: (trx: Transaction<Database>) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('job_items')
          .set({ status: 'cancelled', finished_at: now })
          .where('job_id', '=', jobId)
          .where('status', '=', 'pending')
          .where('lease_owner', 'is', null)
          .where((eb) => eb.exists(eb.selectFrom('jobs').select('id').where('id', '=', jobId).where('status', '=', 'cancelled')))
          .execute();
        const anySucceeded = await trx.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where('status', '=', 'succeeded').limit(1).executeTakeFirst();
        const result = await trx
          .updateTable('jobs')
          .set({ status: anySucceeded ? 'completed' : 'failed', finished_at: now, waiting_until: null })
          .where('id', '=', jobId)
          .where('status', 'in', ACTIVE)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where('status', '=', 'pending'))))
          .executeTakeFirst();
        const ended = Number(result.numUpdatedRows) === 1;
        if (ended) await onEnded?.(trx);
        return ended;
      });
    },

    /** Active jobs with nothing pending: their end was not recorded (the instance died first). */
    async unfinished(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ACTIVE)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('job_items').select('idx').whereRef('job_items.job_id', '=', 'jobs.id').where('job_items.status', '=', 'pending'))))
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Cancels an active job: its pending items nobody alive is working on are never processed. */
    async cancel(jobId: string, now: number, aliveSince: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('jobs').set({ status: 'cancelled', finished_at: now, waiting_until: null }).where('id', '=', jobId).where('status', 'in', ACTIVE).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('job_items')
          .set({ status: 'cancelled', finished_at: now })
          .where('job_id', '=', jobId)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', 'not in', trx.selectFrom('instances').select('id').where('heartbeat_at', '>=', aliveSince))]))
          .execute();
        return true;
      });
    },

    async review(jobId: string, idx: number, review: string, result: string | null): Promise<void> {
      await db
        .updateTable('job_items')
        .set(result === null ? { review } : { review, result })
        .where('job_id', '=', jobId)
        .where('idx', '=', idx)
        .execute();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
