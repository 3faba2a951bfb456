import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStartRateLimit } from './start-rate-limit';

describe('start rate limit (MODEL_RPM)', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('starts at most N tasks in any window, the rest in arrival order as the oldest leave it', async () => {
    const limit = createStartRateLimit(3, 60_000, () => Date.now());
    const started: Array<[number, number]> = [];
    const all = Array.from({ length: 7 }, (_, index) =>
      limit.run(async () => {
        started.push([index, Date.now()]);
        return index;
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(limit.queued).toBe(4);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.slice(3)).toEqual([
      [3, 60_000],
      [4, 60_000],
      [5, 60_000],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(started[6]).toEqual([6, 120_000]);
  });

  it('lets a later task in as soon as the window has room, with no waiting when under the limit', async () => {
    const limit = createStartRateLimit(2, 1_000, () => Date.now());
    expect(await limit.run(async () => 'a')).toBe('a');
    await vi.advanceTimersByTimeAsync(600);
    expect(await limit.run(async () => 'b')).toBe('b');
    let third = false;
    const pending = limit.run(async () => (third = true));
    await vi.advanceTimersByTimeAsync(399);
    expect(third).toBe(false);
    // The first start (at 0) leaves the window at 1,000; the second (600) is still in it.
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(third).toBe(true);
  });
});
