import type { UsageBucket, UsageResponse } from '@altwise/shared';
import { formatMs, formatNumber } from '@/lib/format';
import { bucketLabels, bucketImages, peakIndex, weightedAverageResponseTime } from '@/lib/usage-buckets';

/** docs/product-decisions.md#quotas: when the daily figures are missing, a limit of 500 with 100 remaining. */
export const DAILY_FALLBACK = { limit: 500, remaining: 100 } as const;

export interface WeeklyUsage {
  labels: string[];
  tableLabels: string[];
  /** Images per day, whatever their outcome (the "requests" of the quota). */
  images: number[];
  total: number;
  summary: string;
}

/** Images per day (success + error + throttled) of the 7-day series. */
export function weeklyUsage(buckets: readonly UsageBucket[]): WeeklyUsage {
  const { short, long } = bucketLabels('7d', buckets);
  const images = buckets.map(bucketImages);
  const total = images.reduce((sum, value) => sum + value, 0);
  const peak = peakIndex(buckets, bucketImages);
  const summary =
    peak === null
      ? 'No requests in the last 7 days.'
      : `${formatNumber(total)} ${total === 1 ? 'request' : 'requests'} in the last 7 days; ` +
        `the busiest day was ${long[peak]} with ${formatNumber(images[peak]!)}.`;
  return { labels: short, tableLabels: long, images, total, summary };
}

export interface DailyUsage {
  used: number;
  remaining: number;
  limit: number;
  /** Whole percent of the limit used (0–100). */
  percent: number;
  summary: string;
}

type DayWindow = Partial<Pick<UsageResponse['currentUsage']['day'], 'used' | 'remaining' | 'limit'>>;

/** Used versus remaining today; the SPEC fallbacks apply only to figures that are missing. */
export function dailyUsage(day: DayWindow | null | undefined): DailyUsage {
  const limit = day?.limit ?? DAILY_FALLBACK.limit;
  const remaining = day?.remaining ?? DAILY_FALLBACK.remaining;
  const used = day?.used ?? Math.max(0, limit - remaining);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const summary =
    `${formatNumber(used)} of ${formatNumber(limit)} daily requests used (${percent}%); ` +
    `${formatNumber(remaining)} remaining.`;
  return { used, remaining, limit, percent, summary };
}

export interface Performance {
  labels: string[];
  tableLabels: string[];
  responseTimes: number[];
  average: number;
  summary: string;
}

/** Average response time per day of the 7-day series. */
export function performance(buckets: readonly UsageBucket[]): Performance {
  const { short, long } = bucketLabels('7d', buckets);
  const responseTimes = buckets.map((bucket) => Math.round(bucket.avgResponseTime));
  const average = weightedAverageResponseTime(buckets);
  const slowest = peakIndex(buckets, (bucket) => (bucket.success > 0 ? bucket.avgResponseTime : 0));
  const summary =
    slowest === null
      ? 'No requests in the last 7 days, so no response times yet.'
      : `Average response time over the last 7 days: ${formatMs(average)}; ` +
        `the slowest day was ${long[slowest]} at ${formatMs(responseTimes[slowest]!)}.`;
  return { labels: short, tableLabels: long, responseTimes, average, summary };
}
