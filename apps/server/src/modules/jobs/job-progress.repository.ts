import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What a job's webhook events need to know of the job: whether it ended, and when progress was last sent. */
export function createJobProgressRepository(db: Kysely<Database>) {
  return {
    /** Whether the job has ended (or is gone): its progress events are stale then. */
    async jobEnded(jobId: string): Promise<boolean> {
      const row = await db.selectFrom('jobs').select('finished_at').where('id', '=', jobId).executeTakeFirst();
      return !row || row.finished_at !== null;
    },

    /** Claims the right to send a progress event: at most one per job per interval, across instances. */
    async takeProgressSlot(jobId: string, now: number, intervalMs: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ progress_sent_at: now })
        .where('id', '=', jobId)
        .where('webhook_url', 'is not', null)
        .where((eb) => eb.or([eb('progress_sent_at', 'is', null), eb('progress_sent_at', '<=', now - intervalMs)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
