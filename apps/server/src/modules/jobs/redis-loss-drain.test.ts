// Issue 20 row 2, its last race: after the BullMQ Redis is lost, nothing starts until the items that
// ran anywhere at that moment are done (the fleet test in jobs-redis-restart.api.test.ts proves the limit).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { HeldLease } from './job-item-leases.repository';
import { createRedisLossDrain } from './redis-loss-drain';

const logger = pino({ level: 'silent' });

/** Leases the database holds, ended by the test; counts the reads and reports each "still live?" poll. */
function fakeLeases(initial: HeldLease[]) {
  const live = new Set(initial.map((lease) => `${lease.jobId}:${lease.idx}:${lease.leaseToken}`));
  let snapshots = 0;
  let polls = 0;
  const waiters: Array<{ at: number; resolve: () => void }> = [];
  return {
    repository: {
      liveLeases: async () => {
        snapshots += 1;
        return initial.filter((lease) => live.has(`${lease.jobId}:${lease.idx}:${lease.leaseToken}`));
      },
      stillLive: async (leases: HeldLease[]) => {
        polls += 1;
        for (const waiter of waiters.filter((one) => polls >= one.at)) waiter.resolve();
        return leases.filter((lease) => live.has(`${lease.jobId}:${lease.idx}:${lease.leaseToken}`)).length;
      },
    },
    end: (lease: HeldLease) => live.delete(`${lease.jobId}:${lease.idx}:${lease.leaseToken}`),
    get snapshots() {
      return snapshots;
    },
    /** Resolves once the drain has asked "still live?" `count` more times (it looked, and went on waiting). */
    polled(count: number): Promise<void> {
      return new Promise((resolve) => waiters.push({ at: polls + count, resolve }));
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Whether `promise` is still pending once every microtask queued so far has run (the fakes answer in
 * microtasks, so nothing the drain could do without a timer is left undone). No fixed sleep: where the
 * drain waits on a timer, the test first waits for its polls (`polled`).
 */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  return Promise.race([promise.then(() => false), new Promise<boolean>((resolve) => setImmediate(() => resolve(true)))]);
}

describe('the wait after a lost Redis', () => {
  const a = { jobId: 'job', idx: 0, leaseToken: 1 };
  const b = { jobId: 'job', idx: 1, leaseToken: 4 };

  it('holds new items until the connection is back, this process\'s items are done and no claim of that time is held anywhere', async () => {
    const db = fakeLeases([a, b]);
    const drain = createRedisLossDrain({ repository: db.repository, aliveSince: () => 0, logger });
    const reconnected = deferred();
    const local = deferred();
    expect(drain.waiting).toBe(false);
    drain.lost(reconnected.promise, [local.promise]);
    expect(drain.waiting).toBe(true);
    const settled = drain.settled();

    // Redis away: nothing read yet, nothing starts.
    expect(await pending(settled)).toBe(true);
    expect(db.snapshots).toBe(0);
    reconnected.resolve();
    // This process's own item still runs: the fleet's claims are not read before it is done.
    expect(await pending(settled)).toBe(true);
    expect(db.snapshots).toBe(0);
    local.resolve();
    // Another instance's item (b) still holds its claim: the drain asks twice and goes on waiting.
    db.end(a);
    await Promise.race([db.polled(2), settled]);
    expect(await pending(settled)).toBe(true);
    expect(db.snapshots).toBe(1);
    db.end(b);
    await settled;
    expect(drain.waiting).toBe(false);

    // A second loss while the first wait runs is the same wait; after it, a new one.
    drain.lost(Promise.resolve(), []);
    await drain.settled();
    expect(db.snapshots).toBe(2);
  });

  it('ends at once when the process stops, though Redis never came back', async () => {
    const db = fakeLeases([a]);
    const drain = createRedisLossDrain({ repository: db.repository, aliveSince: () => 0, logger });
    drain.lost(new Promise(() => undefined), []);
    const settled = drain.settled();
    expect(await pending(settled)).toBe(true);
    drain.stop();
    await settled;
    expect(db.snapshots).toBe(0);
  });

  it('retries the read while the database is away too', async () => {
    const db = fakeLeases([]);
    let failures = 2;
    const repository = {
      liveLeases: async () => {
        if (failures-- > 0) throw new Error('connection terminated');
        return db.repository.liveLeases();
      },
      stillLive: db.repository.stillLive,
    };
    const drain = createRedisLossDrain({ repository, aliveSince: () => 0, logger });
    drain.lost(Promise.resolve(), []);
    await drain.settled();
    expect(failures).toBe(-1);
    expect(db.snapshots).toBe(1);
  });
});
