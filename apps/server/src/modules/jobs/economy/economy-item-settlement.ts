import { MAX_JOB_ITEM_ATTEMPTS } from '@altwise/shared';
import type { RowVerdict, RowWrite } from '../../alt-text';
import type { Executor } from '../../../db/executor';
import type { MeteringService, Reservation } from '../../usage';
import type { ClaimedItem } from '../job-item-leases.repository';
import type { ItemOutcome, JobsRepository } from '../jobs.repository';
import { jobReadingsOf } from './economy-mode';
import type { BatchRow, EconomyRepository } from './economy.repository';

/** What a batch holds: its reservation, and the units each of its items took (one per reading). */
export interface Held {
  reservation: Reservation;
  perItem: number;
}

/**
 * How an economy item ends, under its lease: written with its answer (in the generation unit's
 * transaction), failed uncharged, or sent back for a later batch; each gives its held units back in
 * the transaction that takes the item out of its batch.
 */
export function createEconomyItemSettlement(deps: {
  owner: string;
  now: () => number;
  jobs: JobsRepository;
  repository: Pick<EconomyRepository, 'requeue'>;
  reservations: Pick<MeteringService, 'heldBy' | 'settleIn'>;
}) {
  const { jobs, repository, owner } = deps;

  /** The item's row in the unit's transaction, as the runner writes it (its lease is the guard). */
  function itemWrite(item: ClaimedItem, at: number, outcome: ItemOutcome): RowWrite {
    const write = async (trx: Parameters<RowWrite>[0]): Promise<RowVerdict> => {
      const verdict = await jobs.settleItem(trx, { jobId: item.jobId, idx: item.idx, leaseToken: item.leaseToken, owner, attempts: item.attempts + 1, at, outcome });
      if (verdict === 'written') return 'written';
      if (verdict === 'duplicate') return 'free';
      if (await jobs.settledUnder(trx, item)) return 'already';
      return (await jobs.jobExists(trx, item.jobId)) ? 'refund' : 'gone';
    };
    // Settled in its job's turn within a group commit (the job's counts are taken first: jobs.repository.ts).
    return Object.assign(write, { lockOrder: item.jobId });
  }

  /** The item's held units go back to the account, in the transaction that takes the item out of the batch. */
  const giveBack = (trx: Executor, { reservation, perItem }: Held) =>
    deps.reservations.settleIn(trx, Array.from({ length: perItem }, () => ({ reservation, outcome: 'refund' as const })));

  /** An item that will not be described: failed, nothing charged (its followers end with it). */
  async function fail(item: ClaimedItem, held: Held, error: { code: string; message: string }): Promise<void> {
    await jobs.transaction(async (trx) => {
      const verdict = await jobs.settleItem(trx, { jobId: item.jobId, idx: item.idx, leaseToken: item.leaseToken, owner, attempts: item.attempts + 1, at: deps.now(), outcome: { kind: 'failed', ...error } });
      if (verdict === 'written') await giveBack(trx, held);
    });
  }

  /** Not answered this time: a later batch (with its own reservation) tries again, unless its tries are used up. */
  async function retryLater(item: ClaimedItem, held: Held, error: { code: string; message: string }): Promise<void> {
    if (item.attempts + 1 >= MAX_JOB_ITEM_ATTEMPTS) return fail(item, held, error);
    await jobs.transaction(async (trx) => {
      if (await repository.requeue(trx, item, owner, error)) await giveBack(trx, held);
    });
  }

  /** The units the batch holds now (none for a batch opened before batches reserved). */
  const heldOf = async (batch: BatchRow): Promise<Held> => ({ reservation: await deps.reservations.heldBy(batch.id, batch.user_id!), perItem: jobReadingsOf(batch.options) });

  return { itemWrite, fail, retryLater, heldOf };
}
