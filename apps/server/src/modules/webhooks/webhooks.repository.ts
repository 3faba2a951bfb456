import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database, WebhookDeliveriesTable } from '../../db/schema';

export type DeliveryRow = WebhookDeliveriesTable;

/** How long a delivery taken by an instance is hidden from the others (its attempt's deadline and more). */
const CLAIM_HOLD_MS = 60_000;

export function createWebhooksRepository(db: Kysely<Database>) {
  return {
    /** In `executor`'s transaction when given (an event queued with its cause reads where it writes). */
    secretOf(userId: string, executor: Executor = db) {
      return executor.selectFrom('webhook_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async saveSecret(userId: string, ciphertext: string, at: number): Promise<void> {
      await db
        .insertInto('webhook_secrets')
        .values({ user_id: userId, secret_ciphertext: ciphertext, created_at: at, default_url: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_ciphertext: ciphertext, created_at: at }))
        .execute();
    },

    /** False when the account has no signing secret (no row to keep the URL on). */
    async setDefaultUrl(userId: string, url: string | null): Promise<boolean> {
      const result = await db.updateTable('webhook_secrets').set({ default_url: url }).where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insert(row: DeliveryRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('webhook_deliveries').values(row).execute();
    },

    /**
     * Takes due deliveries: their next attempt is pushed CLAIM_HOLD_MS ahead by a guarded UPDATE, so
     * no other instance takes them meanwhile, and a killed instance's are due again after it.
     */
    async claimDue(now: number, limit: number): Promise<DeliveryRow[]> {
      const due = await db.selectFrom('webhook_deliveries').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(limit).execute();
      const taken: DeliveryRow[] = [];
      for (const row of due) {
        const result = await db
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: now + CLAIM_HOLD_MS })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', row.next_attempt_at)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) taken.push(row);
      }
      return taken;
    },

    async recordAttempt(id: string, update: { status: string; attempts: number; attemptsLog: string; nextAttemptAt: number; finishedAt: number | null }): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: update.status, attempts: update.attempts, attempts_log: update.attemptsLog, next_attempt_at: update.nextAttemptAt, finished_at: update.finishedAt })
        .where('id', '=', id)
        .execute();
    },

    /** Account deletion: its deliveries and its signing secret (and default URL). */
    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('webhook_deliveries').where('user_id', '=', userId).execute();
      await trx.deleteFrom('webhook_secrets').where('user_id', '=', userId).execute();
    },

    /** Retention: the deliveries of jobs deleted in `trx`. */
    async deleteForJobs(jobIds: readonly string[], trx: Executor): Promise<void> {
      if (jobIds.length > 0) await trx.deleteFrom('webhook_deliveries').where('job_id', 'in', jobIds).execute();
    },

    /** Retention: account events (no job) that ended before `cutoff`; job events go with their job. */
    async deleteAccountEventsBefore(trx: Executor, cutoff: number): Promise<number> {
      const result = await trx.deleteFrom('webhook_deliveries').where('job_id', 'is', null).where('status', '!=', 'pending').where('finished_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The account's events (no job), newest first. */
    accountEventsOf(userId: string, limit: number) {
      return db.selectFrom('webhook_deliveries').selectAll().where('user_id', '=', userId).where('job_id', 'is', null).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    ofJob(jobId: string) {
      return db.selectFrom('webhook_deliveries').selectAll().where('job_id', '=', jobId).orderBy('created_at').orderBy('id').limit(500).execute();
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
