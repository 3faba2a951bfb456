import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Executor } from '../../../db/executor';
import { liveInstanceIds } from '../../instances';
import type { Database, JobBatchesTable } from '../../../db/schema';
import type { ClaimedItem } from '../job-item-leases.repository';

export type BatchRow = JobBatchesTable & { job_status: string | null; user_id: string | null; api_key_id: string | null; options: string | null };

const ACTIVE = ['queued', 'running'];
const OPEN_BATCH = ['submitting', 'in_progress'];

/** SQL of economy jobs: their provider batches (job_batches) and the items in them. */
export function createEconomyRepository(db: Kysely<Database>) {
  const aliveInstances = (aliveSince: number) => liveInstanceIds(db, aliveSince);
  /** A batch's lease is free when nobody holds it, its holder is dead, or it ran out. */
  const batchLeaseFree = (eb: ExpressionBuilder<Database, 'job_batches'>, owner: string, now: number, aliveSince: number) =>
    eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now), eb('lease_owner', 'not in', aliveInstances(aliveSince))]);
  /** Items waiting for a provider batch: pending, economy, in no batch, not a known duplicate, due. */
  const unbatched = (eb: ExpressionBuilder<Database, 'job_items'>, now: number) =>
    eb.and([eb('status', '=', 'pending'), eb('dispatch', '=', 'batch'), eb('economy_batch', 'is', null), eb('duplicate_of', 'is', null), eb('next_attempt_at', '<=', now)]);

  return {
    /** Active economy jobs (not waiting for quota) with items waiting for a provider batch. */
    async jobsToSubmit(now: number, limit: number): Promise<Array<{ id: string; user_id: string; options: string | null }>> {
      return db
        .selectFrom('jobs')
        .select(['id', 'user_id', 'options'])
        .where('status', 'in', ACTIVE)
        .where('mode', '=', 'economy')
        .where((eb) => eb.or([eb('waiting_until', 'is', null), eb('waiting_until', '<=', now)]))
        .where((eb) => eb.exists(eb.selectFrom('job_items').select('idx').whereRef('job_items.job_id', '=', 'jobs.id').where((inner) => unbatched(inner, now))))
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /** How many of the job's items wait for a provider batch now, counted up to `limit`. */
    async waitingItems(jobId: string, now: number, limit: number): Promise<number> {
      const rows = await db.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where((eb) => unbatched(eb, now)).limit(limit).execute();
      return rows.length;
    },

    /**
     * The local batch row, written before the provider is asked, with its items in one
     * transaction: the row's id is the marker the provider batch carries. It takes at most `max`
     * items (the units the caller admitted); `hold` is told, in the same transaction, how many it
     * took (the batch's reservation keeps those and gives the rest back). Items another instance
     * batched meanwhile are not taken twice (guarded update); an empty batch is not kept.
     */
    async openBatch(
      jobId: string,
      provider: string,
      now: number,
      max: number,
      hold: (trx: Executor, batchId: string, taken: number) => Promise<void>,
    ): Promise<{ id: string; items: number } | null> {
      return db.transaction().execute(async (trx) => {
        const id = randomUUID().replace(/-/g, '');
        // First, so SQLite takes its write lock before anything is read.
        await trx.insertInto('job_batches').values({ id, job_id: jobId, provider, provider_batch_id: null, status: 'submitting', items: 0, created_at: now, submitted_at: null, lease_owner: null, lease_until: null }).execute();
        const wanted = max > 0 ? await trx.selectFrom('job_items').select('idx').where('job_id', '=', jobId).where((eb) => unbatched(eb, now)).orderBy('idx').limit(max).execute() : [];
        const taken =
          wanted.length === 0
            ? 0
            : Number(
                (
                  await trx
                    .updateTable('job_items')
                    .set({ economy_batch: id })
                    .where('job_id', '=', jobId)
                    .where('idx', 'in', wanted.map((row) => row.idx))
                    .where((eb) => unbatched(eb, now))
                    .executeTakeFirst()
                ).numUpdatedRows,
              );
        await hold(trx, id, taken);
        if (taken === 0) {
          await trx.deleteFrom('job_batches').where('id', '=', id).execute();
          return null;
        }
        await trx.updateTable('job_batches').set({ items: taken }).where('id', '=', id).execute();
        return { id, items: taken };
      });
    },

    /** One open batch this instance may work on now (not in `skip`), leased to it until `until`. */
    async takeBatch(owner: string, now: number, aliveSince: number, until: number, skip: readonly string[]): Promise<BatchRow | null> {
      let query = db.selectFrom('job_batches').select('id').where('status', 'in', OPEN_BATCH).where((eb) => batchLeaseFree(eb, owner, now, aliveSince));
      if (skip.length) query = query.where('id', 'not in', skip);
      for (const { id } of await query.orderBy('created_at').limit(5).execute()) {
        const taken = await db
          .updateTable('job_batches')
          .set({ lease_owner: owner, lease_until: until })
          .where('id', '=', id)
          .where('status', 'in', OPEN_BATCH)
          .where((eb) => batchLeaseFree(eb, owner, now, aliveSince))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue;
        const row = await db
          .selectFrom('job_batches as b')
          .leftJoin('jobs as j', 'j.id', 'b.job_id')
          .selectAll('b')
          .select(['j.status as job_status', 'j.user_id', 'j.api_key_id', 'j.options'])
          .where('b.id', '=', id)
          .executeTakeFirst();
        if (row) return row as BatchRow;
      }
      return null;
    },

    async renewBatch(id: string, owner: string, until: number): Promise<void> {
      await db.updateTable('job_batches').set({ lease_until: until }).where('id', '=', id).where('lease_owner', '=', owner).execute();
    },

    /** The provider's id, stored the moment the provider answers: from here on the batch is only polled. */
    async setSubmitted(id: string, owner: string, providerBatchId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('job_batches')
        .set({ provider_batch_id: providerBatchId, status: 'in_progress', submitted_at: now })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('provider_batch_id', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The batch is over (recorded, cancelled): nobody polls it again. */
    async closeBatch(executor: Executor, id: string, status: 'recorded' | 'cancelled'): Promise<void> {
      await executor.updateTable('job_batches').set({ status, lease_owner: null, lease_until: null }).where('id', '=', id).execute();
    },

    /** The batch's items still pending. */
    async pendingItems(jobId: string, batchId: string) {
      return db
        .selectFrom('job_items')
        .select(['idx', 'image_url', 'context', 'purpose', 'language', 'attempts', 'image_hash'])
        .where('job_id', '=', jobId)
        .where('economy_batch', '=', batchId)
        .where('status', '=', 'pending')
        .orderBy('idx')
        .execute();
    },

    /** The bytes' hash, once read (the job's de-duplication key when the answer is recorded). */
    async setImageHash(jobId: string, idx: number, sha256: string): Promise<void> {
      await db.updateTable('job_items').set({ image_hash: sha256 }).where('job_id', '=', jobId).where('idx', '=', idx).execute();
    },

    /** Leases the batch's pending items to `owner` (fencing tokens, as the runner's claims): settled only under them. */
    async claimItems(jobId: string, batchId: string, idxs: number[], owner: string, now: number, aliveSince: number): Promise<ClaimedItem[]> {
      if (idxs.length === 0) return [];
      const rows = await db
        .updateTable('job_items')
        .set((eb) => ({ lease_owner: owner, lease_renewed_at: now, lease_token: eb('lease_token', '+', 1) }))
        .where('job_id', '=', jobId)
        .where('economy_batch', '=', batchId)
        .where('idx', 'in', idxs)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_owner', 'not in', aliveInstances(aliveSince)), eb('lease_renewed_at', '<', aliveSince)]))
        .returning(['job_id', 'idx', 'image_url', 'context', 'purpose', 'language', 'attempts', 'lease_token'])
        .execute();
      return rows.map((row) => ({ jobId: row.job_id, idx: row.idx, imageUrl: row.image_url, context: row.context, purpose: row.purpose, language: row.language, attempts: Number(row.attempts), leaseToken: Number(row.lease_token) }));
    },

    /**
     * An item the batch did not answer (or answered with an error), tried again in a later batch:
     * out of this batch, one try more, its lease given back. Guarded by the lease like a settlement.
     */
    async requeue(executor: Executor, item: ClaimedItem, owner: string, error: { code: string; message: string }): Promise<boolean> {
      const result = await executor
        .updateTable('job_items')
        .set({ economy_batch: null, attempts: item.attempts + 1, error_code: error.code, error_message: error.message, lease_owner: null, lease_renewed_at: null })
        .where('job_id', '=', item.jobId)
        .where('idx', '=', item.idx)
        .where('lease_owner', '=', owner)
        .where('lease_token', '=', item.leaseToken)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type EconomyRepository = ReturnType<typeof createEconomyRepository>;
