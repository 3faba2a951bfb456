import { describe, expect, it } from 'vitest';
import { buckets } from '@/test/usage-fixtures';
import { bucketImages, weightedAverageResponseTime } from './usage-buckets';

describe('usage buckets', () => {
  it('counts the images of a bucket whatever their outcome', () => {
    expect(bucketImages({ success: 3, error: 5, throttled: 2 })).toBe(10);
  });

  it('weights each bucket’s mean by its successful images only, the ones the mean was taken over', () => {
    // Day 1: 3 successes averaging 1,000 ms, beside 5 failures and 2 throttled images.
    // Day 2: 1 success of 600 ms. Day 3: 4 failures, no success (its average is 0 and must not count).
    // By hand: (3 × 1000 + 1 × 600) / (3 + 1) = 3600 / 4 = 900 ms.
    // (Weighting by every image, as before, gave (10 × 1000 + 1 × 600) / 11 ≈ 963.6 ms.)
    const week = buckets('7d', (index) =>
      [
        { success: 3, error: 5, throttled: 2, avgResponseTime: 1000 },
        { success: 1, avgResponseTime: 600 },
        { error: 4 },
      ][index] ?? {},
    );
    expect(weightedAverageResponseTime(week)).toBe(900);
  });

  it('is 0 when nothing succeeded', () => {
    expect(weightedAverageResponseTime(buckets('24h', () => ({ error: 2, throttled: 1 })))).toBe(0);
    expect(weightedAverageResponseTime([])).toBe(0);
  });
});
