import { describe, expect, it } from 'vitest';
import { bucketLabels } from './usage-buckets';

describe('bucket labels', () => {
  it('names 7-day buckets by weekday and date, so two Mondays are never confused', () => {
    const { short } = bucketLabels('7d', [{ start: '2030-11-18T00:00:00.000Z' }, { start: '2030-11-25T00:00:00.000Z' }]);
    expect(short[0]).not.toBe(short[1]);
    expect(short[0]).toMatch(/18/);
    expect(short[1]).toMatch(/25/);
  });
});
