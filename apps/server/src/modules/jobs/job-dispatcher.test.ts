// The in-process dispatcher reads the due items once per pass when that read could not be followed
// by a better one: a busy job settles an item at a time, and every settlement starts a pass. It read
// twice (the second found the same items, the account's room taken), half of its reads.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createJobDispatcher } from './job-dispatcher';
import type { ClaimedItem } from './job-item-leases.repository';
import type { JobsRepository } from './jobs.repository';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A job of `size` items of one account, claimed by the repository's rules: `limit`, then each account's room. */
function fakeRepository(size: number, lostRaces = 0) {
  let next = 0;
  let losses = lostRaces;
  const claims: number[] = [];
  const repository = {
    async claim(_owner: string, _aliveSince: number, _now: number, limit: number, roomFor: (userId: string) => number) {
      const due = Array.from({ length: Math.min(limit, size - next) }, (_, offset) => next + offset);
      const room = roomFor('A');
      const tried = due.slice(0, room);
      // Another instance took the first item tried, `lostRaces` times.
      const won = losses > 0 && tried.length > 0 ? (losses--, tried.slice(1)) : tried;
      next += tried.length;
      claims.push(won.length);
      const items = won.map((idx): ClaimedItem & { userId: string } => ({ jobId: 'j', idx, imageUrl: `https://images.example/${idx}.png`, context: null, attempts: 0, leaseToken: 1, userId: 'A' }));
      return { items, more: due.length === limit && room >= due.length };
    },
    async markStarted() {},
    async stillRunning() {
      return true;
    },
  };
  return { repository: repository as unknown as JobsRepository, claims };
}

/** The passes under way have ended: they wait on promise jobs only, never on I/O. */
const passesDone = () => new Promise((resolve) => setImmediate(resolve));

/** A runner whose items end when the test says so. */
function heldRunner() {
  const held: Array<() => void> = [];
  return {
    held,
    runner: { run: () => new Promise<void>((resolve) => held.push(resolve)) as never },
    async settleOne() {
      held.shift()!();
      await passesDone();
    },
  };
}

/** A started dispatcher of `capacity` slots, `perAccount` of them for one account, over the fake job. */
function started(job: ReturnType<typeof fakeRepository>, capacity: number, perAccount: number) {
  const work = heldRunner();
  const jobs = createJobDispatcher({ repository: job.repository, runner: work.runner, instance: { id: 'me', aliveSince: () => 0 }, now: () => 0, capacity, perAccount, logger: silent });
  jobs.start();
  return {
    work,
    async stop() {
      while (work.held.length > 0) await work.settleOne();
      await jobs.stop();
    },
  };
}

describe('the in-process dispatcher', () => {
  it("reads the due items once per pass when the account's room ends it", async () => {
    const job = fakeRepository(10);
    const { work, stop } = started(job, 8, 2);
    await passesDone();
    expect(work.held).toHaveLength(2);
    expect(job.claims).toEqual([2]);

    await work.settleOne();
    expect(work.held).toHaveLength(2);
    // The settlement's pass took the freed room, in one read.
    expect(job.claims).toEqual([2, 1]);
    await stop();
  });

  it('reads the due items once when the queue ends', async () => {
    const job = fakeRepository(1);
    const { work, stop } = started(job, 8, 2);
    await passesDone();
    expect(work.held).toHaveLength(1);
    expect(job.claims).toEqual([1]);
    await stop();
  });

  it('reads again at once when another taker won items the read offered', async () => {
    const job = fakeRepository(20, 1);
    const { work, stop } = started(job, 4, 4);
    await passesDone();
    // 4 offered, 3 won: the pass read again and took the fourth.
    expect(job.claims).toEqual([3, 1]);
    expect(work.held).toHaveLength(4);
    await stop();
  });
});
