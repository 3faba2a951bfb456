import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { createJobFollowUp } from './job-follow-up';

/** A repository whose job has `pendingByCounts` by its kept counts and `pendingItems` in fact. */
function repositoryOf(job: { pendingByCounts: number; pendingItems: number }) {
  const ended: string[] = [];
  const transactions: number[] = [];
  const repository = {
    stillRunning: vi.fn(async () => job.pendingByCounts > 0),
    unfinished: vi.fn(async () => (job.pendingItems === 0 ? ['job-1'] : [])),
    async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      transactions.push(1);
      return work(undefined as unknown as Transaction<Database>);
    },
    cancelLeftovers: vi.fn(async () => undefined),
    anySucceeded: vi.fn(async () => true),
    endJob: vi.fn(async (_trx: unknown, jobId: string) => {
      if (job.pendingItems > 0) return false;
      ended.push(jobId);
      return true;
    }),
  };
  return { repository, ended, transactions };
}

const logger = { warn: vi.fn() } as unknown as FastifyBaseLogger;

describe('job follow-up', () => {
  it('reads the counts of a job with items to go instead of taking its row to try to end it', async () => {
    const { repository, ended, transactions } = repositoryOf({ pendingByCounts: 3, pendingItems: 3 });
    const onProgress = vi.fn(async () => undefined);
    const followUp = createJobFollowUp({ repository, now: () => 1, logger, onProgress });
    followUp.touch('job-1');
    await followUp.finalizeTouched();
    expect(transactions).toEqual([]);
    expect(onProgress).toHaveBeenCalledWith('job-1');
    expect(ended).toEqual([]);
  });

  it('ends a job whose counts say nothing is pending', async () => {
    const { repository, ended } = repositoryOf({ pendingByCounts: 0, pendingItems: 0 });
    const onJobEnded = vi.fn(async () => undefined);
    const followUp = createJobFollowUp({ repository, now: () => 1, logger, onJobEnded });
    followUp.touch('job-1');
    await followUp.finalizeTouched();
    expect(ended).toEqual(['job-1']);
    expect(onJobEnded).toHaveBeenCalledWith('job-1');
  });

  it('ends a job the sweep found idle by its items, even when its kept counts drifted high', async () => {
    const { repository, ended } = repositoryOf({ pendingByCounts: 2, pendingItems: 0 });
    const followUp = createJobFollowUp({ repository, now: () => 1, logger });
    followUp.touch('job-1');
    await followUp.finalizeTouched();
    expect(ended).toEqual([]);
    await followUp.sweep();
    await followUp.finalizeTouched();
    expect(ended).toEqual(['job-1']);
  });
});
