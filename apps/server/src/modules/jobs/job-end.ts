import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobsRepository } from './jobs.repository';

/** How a job with nothing left to do ends: completed when any item was described, failed when none was. */
export function endStatusOf(anySucceeded: boolean): 'completed' | 'failed' {
  return anySucceeded ? 'completed' : 'failed';
}

/**
 * Ends a job with nothing left to do (a cancelled one's leftovers are cancelled first). `onEnding`
 * runs in the same transaction (the job.completed webhook is stored with the end, so a crash cannot
 * record one without the other). True when this call ended it.
 */
export function endJobIfDone(
  repository: Pick<JobsRepository, 'transaction' | 'cancelLeftovers' | 'anySucceeded' | 'endJob'>,
  jobId: string,
  now: number,
  onEnding?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  return repository.transaction(async (trx) => {
    await repository.cancelLeftovers(trx, jobId, now);
    const ended = await repository.endJob(trx, jobId, endStatusOf(await repository.anySucceeded(trx, jobId)), now);
    if (ended) await onEnding?.(trx);
    return ended;
  });
}
