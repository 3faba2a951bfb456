import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@altwise/sdk';
import { isChanging, useReadAgainWhenEnded } from './job-polling';

function setup(active: boolean) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ running }: { running: boolean }) => useReadAgainWhenEnded('job-1', running), {
    wrapper,
    initialProps: { running: active },
  });
  return { hook, invalidate };
}

describe('useReadAgainWhenEnded', () => {
  it('reads the review queue and its counts once more when the job ends (their polling stops with it)', () => {
    const { hook, invalidate } = setup(true);
    hook.rerender({ running: true });
    expect(invalidate).not.toHaveBeenCalled();
    hook.rerender({ running: false });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['jobs', 'job-1', 'review-queue'],
      ['jobs', 'job-1', 'review-counts'],
    ]);
    hook.rerender({ running: false });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('reads nothing again for a job that had already ended when the screen opened', () => {
    const { hook, invalidate } = setup(false);
    hook.rerender({ running: false });
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('isChanging', () => {
  const job = (status: Job['status'], pending: number) => ({
    status,
    counts: { total: 10, pending, succeeded: 10 - pending, failed: 0, cancelled: 0, skipped: 0 },
  });
  it('is true while a job runs, and after a cancel until the items in flight have finished', () => {
    expect(isChanging(job('running', 4))).toBe(true);
    expect(isChanging(job('queued', 10))).toBe(true);
    expect(isChanging(job('cancelled', 2))).toBe(true);
    expect(isChanging(job('cancelled', 0))).toBe(false);
    expect(isChanging(job('completed', 0))).toBe(false);
  });
});
