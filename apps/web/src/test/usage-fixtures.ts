import { DAY_MS, HOUR_MS } from '@altwise/shared';
import type { UsageBucket, UsageRange, UsageResponse } from '@altwise/shared';

/** Buckets ending now-ish: hourly for 24h, UTC days otherwise; `fill(i)` gives each bucket's counts. */
export function buckets(
  range: UsageRange,
  fill: (index: number) => Partial<Omit<UsageBucket, 'start'>> = () => ({}),
): UsageBucket[] {
  const count = { '24h': 24, '7d': 7, '30d': 30, '90d': 90 }[range];
  const step = range === '24h' ? HOUR_MS : DAY_MS;
  const end = Date.UTC(2025, 10, 20, range === '24h' ? 12 : 0);
  return Array.from({ length: count }, (_, index) => ({
    start: new Date(end - (count - 1 - index) * step).toISOString(),
    success: 0,
    error: 0,
    throttled: 0,
    avgResponseTime: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    ...fill(index),
  }));
}

/** A usage response for a free account; override any part. */
export function usageResponse(
  overrides: {
    range?: UsageRange;
    hour?: Partial<UsageResponse['currentUsage']['hour']>;
    day?: Partial<UsageResponse['currentUsage']['day']>;
    trends?: Partial<UsageResponse['trends']>;
    planDetails?: Partial<UsageResponse['planDetails']>;
    buckets?: UsageBucket[];
  } = {},
): UsageResponse {
  const range = overrides.range ?? '7d';
  return {
    currentUsage: {
      hour: { used: 12, remaining: 88, limit: 100, resetTime: '2025-11-20T13:00:00.000Z', ...overrides.hour },
      day: { used: 40, remaining: 460, limit: 500, resetTime: '2025-11-21T00:00:00.000Z', ...overrides.day },
    },
    trends: { totalRequestsToday: 40, successRate: 97.5, errorRate: 2.5, avgResponseTime: 845, ...overrides.trends },
    planDetails: { plan: 'free', upgradeAvailable: true, nextPlan: 'pro', ...overrides.planDetails },
    series: { range, buckets: overrides.buckets ?? buckets(range) },
  };
}
