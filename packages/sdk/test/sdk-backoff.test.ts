import { describe, expect, it } from 'vitest';
import { backoffMs } from '../src/retrying-fetch';

describe('backoffMs (the SDK\'s one backoff: fetch retries, file uploads, upload sessions)', () => {
  it('doubles from the base each attempt, within ±25 % jitter', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffMs(attempt, 500, () => 0.5))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffMs(2, 500, () => 0)).toBe(1_500);
    expect(backoffMs(2, 500, () => 1)).toBe(2_500);
    expect(backoffMs(0, 100, () => 0.5)).toBe(100);
  });
});
