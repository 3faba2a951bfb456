import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Executor } from '../../db/executor';
import { liveInstanceIds } from '../instances';
import type { Database, JobItemsTable, JobsTable } from '../../db/schema';
import type { HeldLease } from './job-item-leases.repository';
import { ACTIVE, createItemLeaseQueries, leaseConditions } from './job-item-leases.repository';
import type { CountColumn, StatusCounts } from './job-counts.repository';
import { COUNT_COLUMNS, changeCounts, countsOf, lockAccountJobs, lockCounts, movedFromPending } from './job-counts.repository';

export type JobRow = Selectable<JobsTable>;
export type JobItemRow = Omit<JobItemsTable, 'attempts' | 'next_attempt_at' | 'lease_token' | 'dispatch' | 'uncertain'> & { attempts: number; next_attempt_at: number; lease_token: number; dispatch: string; uncertain: number };
/**
 * An item as stored at creation. `image_hash` (an uploaded file's SHA-256) and `duplicate_of` (the
 * idx of the first item of the same image, which alone is dispatched) are known then for uploads and
 * repeated URLs; other duplicates are found when their bytes are fetched (see settleItem).
 */
export type NewJobItem = Pick<JobItemsTable, 'job_id' | 'idx' | 'image_url' | 'context' | 'client_id' | 'columns'> & Partial<Pick<JobItemsTable, 'purpose' | 'image_hash' | 'duplicate_of' | 'language'>> & { dispatch?: string; path?: string | null };

/** How a settled item ends, written with its quota settlement. */
export type ItemOutcome =
  | {
      kind: 'succeeded';
      result: string;
      /** SHA-256 of the described bytes. */
      imageHash: string;
      /** The bytes with what shapes their description (context, purpose): items with one key share one description. */
      imageKey: string;
      /** Claims its readings contradicted each other on (verified alt text); 0 or absent otherwise. */
      uncertain?: number;
    }
  | { kind: 'failed'; code: string; message: string }
  | { kind: 'retry'; at: number; code: string; message: string };

/** How a settlement went: the item's outcome written, written as another item's duplicate, or not this claim's to write. */
export type SettleVerdict = 'written' | 'duplicate' | 'lost';

const INSERT_CHUNK = 500;
/** A settled item's columns that its waiting duplicates take over. */
const ENDED_COLUMNS = ['status', 'result', 'review', 'error_code', 'error_message', 'image_hash', 'uncertain'] as const;
/** Ended jobs removed per retention sweep (hourly). */
const RETENTION_BATCH = 200;

/** A job's row as created: its counts are its items'. */
export type NewJobRow = Omit<JobRow, CountColumn>;

/** Filters of the results listing, as SQL conditions on item status and review. */
export type ItemFilter = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'approved' | 'rejected' | 'needs_review';

export function createJobsRepository(db: Kysely<Database>) {
  const leases = createItemLeaseQueries(db);
  const { heldBy } = leaseConditions(db);

  return {
    ...leases,

    /** A job's item counts, as its row keeps them (what the service describes a job with). */
    countsOf,

    async insertJob(trx: Executor, job: NewJobRow, items: NewJobItem[]): Promise<StatusCounts> {
      const firsts = items.filter((item) => item.duplicate_of === null || item.duplicate_of === undefined).length;
      const counts: StatusCounts = { pending: items.length, succeeded: 0, failed: 0, cancelled: 0, distinct: firsts, pendingDistinct: firsts };
      await trx.insertInto('jobs').values({ ...job, ...Object.fromEntries(Object.entries(COUNT_COLUMNS).map(([key, column]) => [column, counts[key as keyof StatusCounts]])) }).execute();
      for (let at = 0; at < items.length; at += INSERT_CHUNK) {
        // SQLite runs statements synchronously: a turn of the event loop between chunks keeps a
        // 10,000-item job from holding the server (the transaction keeps the connection meanwhile).
        if (at > 0) await nextTurn();
        await trx
          .insertInto('job_items')
          .values(items.slice(at, at + INSERT_CHUNK).map((item) => ({ image_hash: null, duplicate_of: null, ...item, status: 'pending', lease_owner: null, result: null, error_code: null, error_message: null, review: null, finished_at: null })))
          .execute();
      }
      return counts;
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

    async rename(jobId: string, name: string): Promise<void> {
      await db.updateTable('jobs').set({ name }).where('id', '=', jobId).execute();
    },

    async markStarted(jobIds: string[], now: number): Promise<void> {
      if (jobIds.length === 0) return;
      await db.updateTable('jobs').set({ status: 'running', started_at: now }).where('id', 'in', jobIds).where('status', '=', 'queued').execute();
    },

    async setWaiting(jobId: string, until: number | null): Promise<void> {
      await db.updateTable('jobs').set({ waiting_until: until }).where('id', '=', jobId).execute();
    },

    /**
     * Writes an item's outcome if this instance still holds it (pending, leased to `owner` under this
     * claim's token); `lost` when it does not (its lease was taken as dead, or the job was
     * cancelled), so the caller refunds instead of charging a second time.
     *
     * A description claims its image key for the job (job_images' primary key: of two items with
     * the same bytes settling at once, on any instances, the second waits for the first's commit and
     * finds it). An item that finds the key taken becomes that item's duplicate (`duplicate`: its
     * unit is given back) with its result and review. Either way the item's followers (the
     * duplicates known at creation, never dispatched) end as it ends.
     */
    async settleItem(trx: Executor, item: HeldLease & { owner: string; attempts: number; at: number; outcome: ItemOutcome }): Promise<SettleVerdict> {
      const { outcome } = item;
      const values =
        outcome.kind === 'succeeded'
          ? { status: 'succeeded', result: outcome.result, image_hash: outcome.imageHash, uncertain: outcome.uncertain ?? 0, error_code: null, error_message: null, finished_at: item.at }
          : outcome.kind === 'failed'
            ? { status: 'failed', error_code: outcome.code, error_message: outcome.message, finished_at: item.at }
            : { status: 'pending', next_attempt_at: outcome.at, error_code: outcome.code, error_message: outcome.message };
      await lockCounts(trx, item.jobId);
      const written = await trx
        .updateTable('job_items')
        .set({ ...values, attempts: item.attempts, lease_owner: null, lease_renewed_at: null })
        .where((eb) => heldBy(eb, item.owner, [item]))
        .returning(['duplicate_of', ...ENDED_COLUMNS])
        .executeTakeFirst();
      if (!written) return 'lost';
      if (outcome.kind === 'retry') return 'written';
      const change = movedFromPending([written], outcome.kind);
      // What the item ended as, handed on to the items waiting as its duplicates.
      let ended = written;
      let primary = item.idx;
      if (outcome.kind === 'succeeded') {
        // The job's first item to succeed with this image is its primary; an insert that finds one took nothing.
        const inserted = await trx
          .insertInto('job_images')
          .values({ job_id: item.jobId, image_key: outcome.imageKey, primary_idx: item.idx })
          .onConflict((oc) => oc.columns(['job_id', 'image_key']).doNothing())
          .returning('primary_idx')
          .executeTakeFirst();
        if (!inserted) {
          const claim = await trx.selectFrom('job_images').select('primary_idx').where('job_id', '=', item.jobId).where('image_key', '=', outcome.imageKey).executeTakeFirstOrThrow();
          primary = Number(claim.primary_idx);
        }
      }
      if (primary !== item.idx) {
        const first = await trx.selectFrom('job_items').select(['result', 'review', 'uncertain']).where('job_id', '=', item.jobId).where('idx', '=', primary).executeTakeFirstOrThrow();
        await trx.updateTable('job_items').set({ duplicate_of: primary, ...first }).where('job_id', '=', item.jobId).where('idx', '=', item.idx).execute();
        ended = { ...ended, ...first };
        if (written.duplicate_of === null) change.distinct = -1;
      }
      const followers = await trx
        .updateTable('job_items')
        .set({ ...ended, duplicate_of: primary, finished_at: item.at })
        .where('job_id', '=', item.jobId)
        .where('duplicate_of', '=', item.idx)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      // Followers are duplicates: they leave the pending count, not the distinct ones.
      const ending = Number(followers.numUpdatedRows);
      change.pending = (change.pending ?? 0) - ending;
      const status = ended.status as 'succeeded' | 'failed';
      change[status] = (change[status] ?? 0) + ending;
      await changeCounts(trx, item.jobId, change);
      return primary === item.idx ? 'written' : 'duplicate';
    },

    /** A cancelled job's items left pending by a retry (nobody holds them) are cancelled too. */
    async cancelLeftovers(trx: Executor, jobId: string, now: number): Promise<void> {
      await lockCounts(trx, jobId);
      const cancelled = await trx
        .updateTable('job_items')
        .set({ status: 'cancelled', finished_at: now })
        .where('job_id', '=', jobId)
        .where('status', '=', 'pending')
        .where('lease_owner', 'is', null)
        .where((eb) => eb.exists(eb.selectFrom('jobs').select('id').where('id', '=', jobId).where('status', '=', 'cancelled')))
        .returning('duplicate_of')
        .execute();
      await changeCounts(trx, jobId, movedFromPending(cancelled, 'cancelled'));
    },

    /** An active job with items still pending, by its kept counts: one read, no lock. */
    async stillRunning(jobId: string): Promise<boolean> {
      const row = await db.selectFrom('jobs').select('id').where('id', '=', jobId).where('status', 'in', ACTIVE).where('items_pending', '>', 0).executeTakeFirst();
      return row !== undefined;
    },

    async anySucceeded(trx: Executor, jobId: string): Promise<boolean> {
      return (await trx.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where('status', '=', 'succeeded').limit(1).executeTakeFirst()) !== undefined;
    },

    /** Records the end of an active job with nothing pending, as `status`; true when this call ended it. */
    async endJob(trx: Executor, jobId: string, status: 'completed' | 'failed', now: number): Promise<boolean> {
      const result = await trx
        .updateTable('jobs')
        .set({ status, finished_at: now, waiting_until: null })
        .where('id', '=', jobId)
        .where('status', 'in', ACTIVE)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where('status', '=', 'pending'))))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Runs `work` in one transaction (a job's end with its webhook). */
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
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

    /**
     * Cancels an active job: its pending items nobody alive is working on are never processed.
     * `onCancelled` runs in the same transaction (the account's job.finished webhook event).
     */
    async cancel(jobId: string, now: number, aliveSince: number, onCancelled?: (trx: Transaction<Database>) => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx.updateTable('jobs').set({ status: 'cancelled', finished_at: now, waiting_until: null }).where('id', '=', jobId).where('status', 'in', ACTIVE).executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        const cancelled = await trx
          .updateTable('job_items')
          .set({ status: 'cancelled', finished_at: now })
          .where('job_id', '=', jobId)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', 'not in', liveInstanceIds(trx, aliveSince))]))
          .returning('duplicate_of')
          .execute();
        await changeCounts(trx, jobId, movedFromPending(cancelled, 'cancelled'));
        await onCancelled?.(trx);
        return true;
      });
    },

    /** Whether the job still exists (a job that does not went with its account). */
    async jobExists(executor: Executor, jobId: string): Promise<boolean> {
      return (await executor.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()) !== undefined;
    },

    /**
     * Account deletion, in its transaction: every job of the account with its items (the webhooks
     * module deletes their deliveries). A runner still holding one finds no row to settle.
     */
    async deleteForUser(trx: Executor, userId: string): Promise<void> {
      // The jobs' rows first, as every item writer takes them (lockCounts): deleting the items first
      // deadlocked on PostgreSQL with a settle of the running job (the account deletion answered 500).
      await lockAccountJobs(trx, userId);
      await trx.deleteFrom('job_items').where('job_id', 'in', trx.selectFrom('jobs').select('id').where('user_id', '=', userId)).execute();
      await trx.deleteFrom('job_images').where('job_id', 'in', trx.selectFrom('jobs').select('id').where('user_id', '=', userId)).execute();
      await trx.deleteFrom('jobs').where('user_id', '=', userId).execute();
    },

    /**
     * Retention: jobs that ended before `cutoff`, with their items, at most
     * RETENTION_BATCH jobs a sweep (a backlog goes over the next hourly sweeps, never in one huge
     * transaction). A job an audit still waits to copy its results from stays until it is copied.
     * Returns the deleted jobs' ids (their webhook deliveries go in the same transaction).
     */
    async deleteEndedBefore(trx: Executor, cutoff: number): Promise<string[]> {
      const rows = await trx
        .selectFrom('jobs')
        .select('id')
        .where('status', 'not in', ACTIVE)
        .where('finished_at', '<', cutoff)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('audits').select('audits.id').whereRef('audits.job_id', '=', 'jobs.id').where('audits.job_filled', '=', 0))))
        .limit(RETENTION_BATCH)
        .execute();
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return ids;
      await trx.deleteFrom('job_items').where('job_id', 'in', ids).execute();
      await trx.deleteFrom('job_images').where('job_id', 'in', ids).execute();
      await trx.deleteFrom('jobs').where('id', 'in', ids).execute();
      return ids;
    },

    /**
     * Reviews items with their groups: every item of `idxs`, the item each duplicates, and every
     * duplicate of those, so an image is reviewed once however often the job holds it. Only
     * described items change; `result` (an edited text, checked) replaces theirs when given.
     * Returns how many rows changed.
     */
    async applyReview(jobId: string, idxs: number[], review: string, result: string | null, executor: Executor = db): Promise<number> {
      if (idxs.length === 0) return 0;
      const firsts = executor
        .selectFrom('job_items')
        .select((eb) => eb.fn.coalesce('duplicate_of', 'idx').as('first'))
        .where('job_id', '=', jobId)
        .where('idx', 'in', idxs);
      const changed = await executor
        .updateTable('job_items')
        // A person's review is newer than any bulk review: that one's undo no longer touches these rows.
        .set({ review, ...(result !== null && { result }), undo_token: null, undo_review: null, undo_result: null })
        .where('job_id', '=', jobId)
        .where('status', '=', 'succeeded')
        .where((eb) => eb.or([eb('idx', 'in', firsts), eb('duplicate_of', 'in', firsts)]))
        .executeTakeFirst();
      return Number(changed.numUpdatedRows);
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
