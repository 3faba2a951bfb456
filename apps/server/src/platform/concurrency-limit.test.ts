import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

describe('concurrency limit', () => {
  it('never runs more than the limit at once and starts waiting tasks in arrival order', async () => {
    const limit = createConcurrencyLimit(3);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: Array<() => void> = [];
    const tasks = Array.from({ length: 10 }, (_, index) =>
      limit.run(async () => {
        started.push(index);
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active -= 1;
        return index;
      }),
    );
    // Finish the running tasks one at a time; each finish lets exactly one waiter start.
    for (let finished = 0; finished < 10; finished += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(active).toBe(Math.min(3, 10 - finished));
      gates.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([...Array(10).keys()]);
    expect(peak).toBe(3);
    expect(started).toEqual([...Array(10).keys()]);
    expect(limit.active).toBe(0);
  });

  it('frees the slot of a task that throws', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit.run(async () => 'next')).toBe('next');
    expect(limit.active).toBe(0);
  });
});
