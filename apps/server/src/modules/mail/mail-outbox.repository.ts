import type { Kysely, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import { liveInstanceIds } from '../instances';
import type { Database, MailOutboxTable } from '../../db/schema';

export type MailRow = Selectable<MailOutboxTable>;

/** A row as its claimer holds it: every write after the claim is guarded by `attempts`. */
export interface ClaimedMail extends MailRow {
  attempts: number;
}

export function createMailOutboxRepository(db: Kysely<Database>) {
  /** Only the claim that took the row (same attempts, still pending) may write its outcome. */
  const ownClaim = (id: string, attempts: number) =>
    db.updateTable('mail_outbox').where('id', '=', id).where('attempts', '=', attempts).where('status', '=', 'pending');

  return {
    async insert(row: MailRow, executor: Executor = db): Promise<void> {
      await executor.insertInto('mail_outbox').values(row).execute();
    },

    /**
     * Takes due rows for `instanceId` until `leaseUntil`. A row is free when nobody holds it, its
     * lease ran out, or its holder's heartbeat stopped (kill -9). Each take is one guarded UPDATE
     * on the attempts read, so of two instances racing for a row exactly one gets it.
     */
    async claimDue(input: { now: number; instanceId: string; aliveSince: number; leaseUntil: number; limit: number }): Promise<ClaimedMail[]> {
      const { now } = input;
      const due = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) =>
          eb.or([
            eb('claimed_by', 'is', null),
            eb('claimed_until', '<=', now),
            eb('claimed_by', 'not in', liveInstanceIds(db, input.aliveSince)),
          ]),
        )
        .orderBy('next_attempt_at')
        .limit(input.limit)
        .execute();
      const taken: ClaimedMail[] = [];
      for (const row of due) {
        const attempts = Number(row.attempts) + 1;
        const result = await ownClaim(row.id, Number(row.attempts))
          .set({ attempts, claimed_by: input.instanceId, claimed_until: input.leaseUntil })
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) taken.push({ ...row, attempts, claimed_by: input.instanceId, claimed_until: input.leaseUntil });
      }
      return taken;
    },

    /** False when the claim was lost meanwhile (the lease ran out and another instance took the row). */
    async markSent(id: string, attempts: number, at: number): Promise<boolean> {
      const result = await ownClaim(id, attempts)
        .set({ status: 'sent', finished_at: at, body_sealed: '', claimed_by: null, claimed_until: null, last_error: null })
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markFailed(id: string, attempts: number, at: number, error: string): Promise<void> {
      await ownClaim(id, attempts)
        .set({ status: 'failed', finished_at: at, body_sealed: '', claimed_by: null, claimed_until: null, last_error: error })
        .execute();
    },

    async scheduleRetry(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void> {
      await ownClaim(id, attempts).set({ next_attempt_at: nextAttemptAt, claimed_by: null, claimed_until: null, last_error: error }).execute();
    },

    /**
     * The mail server just accepted a message: the others waiting for their retry are due now
     * rather than at the end of their backoff (issue 32 row 6: after a 2-minute outage mail still
     * waited up to 104 s). Returns how many.
     */
    async retryWaitingNow(now: number): Promise<number> {
      const result = await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: now })
        .where('status', '=', 'pending')
        .where('next_attempt_at', '>', now)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Retention: sent and given-up rows, a while after they ended. */
    async deleteFinishedBefore(trx: Executor, at: number): Promise<void> {
      await trx.deleteFrom('mail_outbox').where('status', '!=', 'pending').where('finished_at', '<', at).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('mail_outbox').where('user_id', '=', userId).execute();
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
