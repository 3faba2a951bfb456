import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchWriter } from './batch-writer';

/** A store that commits whole batches, or fails a batch containing a poisoned row. */
function recordingStore(options: { poisoned?: (row: number) => boolean; delayMs?: number } = {}) {
  const committed: number[] = [];
  const batches: number[][] = [];
  return {
    committed,
    batches,
    /** Commit time from now on (0: at once). */
    set delayMs(ms: number) {
      options.delayMs = ms;
    },
    async writeBatch(rows: number[]) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (rows.some((row) => options.poisoned?.(row))) throw new Error(`batch with a poisoned row: ${rows.join(',')}`);
      batches.push([...rows]);
      committed.push(...rows);
    },
  };
}

/**
 * Whether a promise settles within a few turns of the event loop while no timer can fire: with
 * setTimeout stopped, a writer that waits for company (quietMs) never commits, whatever the
 * machine's speed. No wall clock is read.
 */
async function settlesWithoutTimers(promise: Promise<unknown>): Promise<boolean> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let turn = 0; turn < 5 && !settled; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createBatchWriter (group commit)', () => {
  it('resolves a write only once its row is committed', async () => {
    const store = recordingStore({ delayMs: 5 });
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows) });
    await writer.write(1);
    expect(store.committed).toEqual([1]);
    expect(writer.pending).toBe(0);
  });

  it('commits a lone writer on the next turn, without waiting for company', async () => {
    const store = recordingStore();
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows), quietMs: 200, maxWaitMs: 1_000 });
    expect(await settlesWithoutTimers(writer.write(1))).toBe(true);
    expect(store.committed).toEqual([1]);
  });

  it('shares one transaction among concurrent writers', async () => {
    const store = recordingStore({ delayMs: 2 });
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows) });
    const rows = Array.from({ length: 100 }, (_, index) => index);
    await Promise.all(rows.map((row) => writer.write(row)));
    expect([...store.committed].sort((a, b) => a - b)).toEqual(rows);
    expect(store.batches.length).toBeLessThan(10);
  });

  it('never puts more than maxRows in a transaction', async () => {
    const store = recordingStore();
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows), maxRows: 7 });
    await Promise.all(Array.from({ length: 50 }, (_, index) => writer.write(index)));
    expect(store.committed).toHaveLength(50);
    expect(Math.max(...store.batches.map((batch) => batch.length))).toBeLessThanOrEqual(7);
  });

  it("fails only the writer whose row fails, when a shared batch is refused", async () => {
    const store = recordingStore({ poisoned: (row) => row === 13 });
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows) });
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => writer.write(index)));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    expect(outcomes[13]).toMatchObject({ status: 'rejected', reason: expect.any(Error) });
    expect([...store.committed].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index).filter((row) => row !== 13));
  });

  it('flush resolves once everything written so far is committed (reads call it first)', async () => {
    const store = recordingStore({ delayMs: 3 });
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows), quietMs: 50, maxWaitMs: 200 });
    // Not awaited, as a request still in flight would not be: flush must still see them through.
    const writes = [1, 2, 3].map((row) => writer.write(row));
    await writer.flush();
    expect([...store.committed].sort()).toEqual([1, 2, 3]);
    await Promise.all(writes);
  });

  it('close commits what is queued, then commits later writes one by one', async () => {
    const store = recordingStore({ delayMs: 2 });
    const writer = createBatchWriter<number>({ writeBatch: (rows) => store.writeBatch(rows), quietMs: 1_000, maxWaitMs: 5_000 });
    // Make the writer "concurrent", so the next rows would wait for company.
    await Promise.all([writer.write(1), writer.write(2)]);
    const queued = writer.write(3);
    await writer.close();
    expect(store.committed).toContain(3);
    await queued;
    store.delayMs = 0;
    // Were it still gathering, the row would wait out quietMs (1 s), a timer that cannot fire here.
    expect(await settlesWithoutTimers(writer.write(4))).toBe(true);
    expect(store.committed).toContain(4);
  });
});
