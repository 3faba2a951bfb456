import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCrossTabLock } from './cross-tab-lock';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task that records when it ran, so overlaps are visible. */
function recorder() {
  const log: string[] = [];
  let running = 0;
  let overlapped = false;
  const task = (id: string, ms: number) => async () => {
    running += 1;
    if (running > 1) overlapped = true;
    log.push(`start ${id}`);
    await tick(ms);
    log.push(`end ${id}`);
    running -= 1;
    return id;
  };
  return { log, task, overlapped: () => overlapped };
}

describe('withCrossTabLock', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('uses the Web Locks API when the browser has it', async () => {
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await expect(withCrossTabLock('session', async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith('session', expect.any(Function));
    // Web Locks needs no lease in storage.
    expect(localStorage.getItem('lock:session')).toBeNull();
  });

  it('without Web Locks, a storage lease runs concurrent tasks one after the other and then frees itself', async () => {
    expect((navigator as { locks?: unknown }).locks).toBeUndefined();
    const { log, task, overlapped } = recorder();
    const results = await Promise.all([
      withCrossTabLock('session', task('a', 30)),
      withCrossTabLock('session', task('b', 30)),
      withCrossTabLock('session', task('c', 30)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(overlapped()).toBe(false);
    expect(log.filter((entry) => entry.startsWith('start'))).toHaveLength(3);
    expect(localStorage.getItem('lock:session')).toBeNull();
  });

  it('waits for a lease another tab holds, and takes over one that has expired', async () => {
    // The clock is the test's: the task may run only once it has been moved past the other lease.
    vi.useFakeTimers();
    try {
      const leaseEnds = Date.now() + 150;
      localStorage.setItem('lock:session', JSON.stringify({ owner: 'other-tab', expiresAt: leaseEnds }));
      let ranAt: number | undefined;
      const locked = withCrossTabLock('session', async () => {
        ranAt = Date.now();
      });
      await vi.advanceTimersByTimeAsync(140);
      expect(ranAt).toBeUndefined();
      // Past the lease, a poll and the settling pause of the take-over.
      await vi.advanceTimersByTimeAsync(1_000);
      await locked;
      expect(ranAt).toBeGreaterThanOrEqual(leaseEnds);
    } finally {
      vi.useRealTimers();
    }
    localStorage.setItem('lock:session', JSON.stringify({ owner: 'crashed-tab', expiresAt: Date.now() - 1 }));
    await expect(withCrossTabLock('session', async () => 'ran')).resolves.toBe('ran');
  });

  it('releases the lease when the task throws', async () => {
    await expect(
      withCrossTabLock('session', async () => {
        throw new Error('refresh failed');
      }),
    ).rejects.toThrow('refresh failed');
    expect(localStorage.getItem('lock:session')).toBeNull();
  });

  it('still runs the task when storage refuses writes (private mode)', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    try {
      await expect(withCrossTabLock('session', async () => 'ran')).resolves.toBe('ran');
    } finally {
      setItem.mockRestore();
    }
  });
});
