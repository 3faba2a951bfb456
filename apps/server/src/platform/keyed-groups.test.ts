import { describe, expect, it, vi } from 'vitest';
import { createKeyedGroups } from './keyed-groups';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('keyed groups', () => {
  it('runs a lone call alone, and gathers the calls that arrive meanwhile into the next group, in order', async () => {
    const gate = deferred();
    const groups: string[][] = [];
    const keyed = createKeyedGroups<string, string>(async (key, items) => {
      groups.push([key, ...items]);
      if (groups.length === 1) await gate.promise;
      return items.map((item) => item.toUpperCase());
    });
    const first = keyed.submit('a', 'x');
    const queued = ['y', 'z', 'w'].map((item) => keyed.submit('a', item));
    const other = keyed.submit('b', 'q');
    // Another key is not held up by the first key's running group.
    expect(await other).toBe('Q');
    gate.release();
    expect(await first).toBe('X');
    expect(await Promise.all(queued)).toEqual(['Y', 'Z', 'W']);
    expect(groups).toEqual([['a', 'x'], ['b', 'q'], ['a', 'y', 'z', 'w']]);
  });

  it('rejects every call of a failed group, and the next group still runs', async () => {
    let calls = 0;
    const keyed = createKeyedGroups<number, number>(async (_key, items) => {
      calls += 1;
      if (calls === 1) throw new Error('database unavailable');
      return items.map((item) => item * 2);
    });
    const failed = keyed.submit('a', 1);
    const next = keyed.submit('a', 2);
    await expect(failed).rejects.toThrow('database unavailable');
    expect(await next).toBe(4);
  });

  it('caps a group at maxGroup calls', async () => {
    const gate = deferred();
    const sizes: number[] = [];
    const keyed = createKeyedGroups<number, number>(
      async (_key, items) => {
        sizes.push(items.length);
        if (sizes.length === 1) await gate.promise;
        return items;
      },
      { maxGroup: 2 },
    );
    const all = [1, 2, 3, 4, 5, 6].map((item) => keyed.submit('a', item));
    gate.release();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(sizes).toEqual([1, 2, 2, 1]);
  });

  it('gives an item answered early its answer before the group ends, and keeps it', async () => {
    const gate = deferred();
    const keyed = createKeyedGroups<number, string>(async (_key, items, answer) => {
      answer(0, 'early');
      await gate.promise;
      return items.map(() => 'late');
    });
    const early = keyed.submit('a', 1);
    expect(await early).toBe('early');
    gate.release();
    expect(await early).toBe('early');
    expect(await keyed.submit('a', 2)).toBe('early');
  });
});

describe('keyed groups with a deadline', () => {
  const expired = () => new Error('deadline');

  it('refuses a call still queued at its deadline without ever running it, and runs a group within its earliest deadline', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const gate = deferred();
      const ran: number[][] = [];
      const deadlines: number[] = [];
      const keyed = createKeyedGroups<number, number>(
        async (_key, items) => {
          ran.push(items);
          if (ran.length === 1) await gate.promise;
          return items;
        },
        { now: () => Date.now(), deadline: { ms: 1_000, expired, run: (deadlineAt, work) => (deadlines.push(deadlineAt), work()) } },
      );
      const first = keyed.submit('a', 1);
      await vi.advanceTimersByTimeAsync(400);
      const late = keyed.submit('a', 2);
      const lateRejected = expect(late).rejects.toThrow('deadline');
      await vi.advanceTimersByTimeAsync(900);
      const inTime = keyed.submit('a', 3);
      // The running group holds the key past the second call's deadline: it is refused, not run.
      await vi.advanceTimersByTimeAsync(100);
      await lateRejected;
      gate.release();
      expect(await first).toBe(1);
      expect(await inTime).toBe(3);
      expect(ran).toEqual([[1], [3]]);
      expect(deadlines).toEqual([1_000, 2_300]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives a group the earliest deadline of its members', async () => {
    let clock = 0;
    const gate = deferred();
    const deadlines: number[] = [];
    const keyed = createKeyedGroups<number, number>(
      async (_key, items) => {
        if (deadlines.length === 1) await gate.promise;
        return items;
      },
      { now: () => clock, deadline: { ms: 1_000, expired, run: (deadlineAt, work) => (deadlines.push(deadlineAt), work()) } },
    );
    const calls = [keyed.submit('a', 1)];
    clock = 100;
    calls.push(keyed.submit('a', 2));
    clock = 200;
    calls.push(keyed.submit('a', 3));
    gate.release();
    expect(await Promise.all(calls)).toEqual([1, 2, 3]);
    expect(deadlines).toEqual([1_000, 1_100]);
  });
});
