import { describe, expect, it } from 'vitest';
import { buckets } from '@/test/usage-fixtures';
import { dailyUsage, performance, weeklyUsage } from './dashboard-data';

describe('dashboard data', () => {
  it('weekly usage counts every outcome per day and names the busiest day', () => {
    const week = buckets('7d', (index) => ({ success: index, error: index === 6 ? 2 : 0, throttled: index === 6 ? 1 : 0 }));
    const weekly = weeklyUsage(week);
    expect(weekly.images).toEqual([0, 1, 2, 3, 4, 5, 9]);
    expect(weekly.total).toBe(24);
    expect(weekly.labels).toHaveLength(7);
    expect(weekly.summary).toBe(`24 requests in the last 7 days; the busiest day was ${weekly.tableLabels[6]} with 9.`);
  });

  it('weekly usage says so when there was nothing', () => {
    expect(weeklyUsage(buckets('7d')).summary).toBe('No requests in the last 7 days.');
  });

  it('daily usage uses the server figures and the SPEC fallbacks only for missing ones', () => {
    expect(dailyUsage({ used: 40, remaining: 460, limit: 500 })).toMatchObject({ used: 40, remaining: 460, limit: 500, percent: 8 });
    expect(dailyUsage({ used: 0, remaining: 0, limit: 0 })).toMatchObject({ used: 0, remaining: 0, limit: 0, percent: 0 });
    expect(dailyUsage(undefined)).toMatchObject({ used: 400, remaining: 100, limit: 500, percent: 80 });
    expect(dailyUsage({ used: 7 })).toMatchObject({ used: 7, remaining: 100, limit: 500 });
    expect(dailyUsage({ used: 40, remaining: 460, limit: 500 }).summary).toBe(
      '40 of 500 daily requests used (8%); 460 remaining.',
    );
  });

  it('performance gives the average response time per day and a weighted average', () => {
    const week = buckets('7d', (index) =>
      index === 0 ? { success: 3, avgResponseTime: 1000 } : index === 1 ? { success: 1, avgResponseTime: 600.4 } : {},
    );
    const perf = performance(week);
    expect(perf.responseTimes).toEqual([1000, 600, 0, 0, 0, 0, 0]);
    expect(perf.average).toBeCloseTo(900.1);
    expect(perf.summary).toBe(
      `Average response time over the last 7 days: 900ms; the slowest day was ${perf.tableLabels[0]} at 1,000ms.`,
    );
  });
});
