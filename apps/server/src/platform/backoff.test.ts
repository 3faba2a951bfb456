import { describe, expect, it } from 'vitest';
import { backoffMs } from './backoff';

describe('backoffMs', () => {
  it('starts at firstMs, multiplies by the factor each try, and stops at maxMs', () => {
    expect([1, 2, 3, 4, 5].map((tries) => backoffMs(tries, { firstMs: 100, maxMs: 1_000 }))).toEqual([100, 200, 400, 800, 1_000]);
    expect([1, 2, 3].map((tries) => backoffMs(tries, { firstMs: 30_000, maxMs: 10 ** 9, factor: 4 }))).toEqual([30_000, 120_000, 480_000]);
    expect(backoffMs(0, { firstMs: 100, maxMs: 1_000 })).toBe(100);
  });
});
