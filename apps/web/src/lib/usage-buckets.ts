import type { UsageBucket, UsageRange } from '@altwise/shared';

/** Requests of a bucket, whatever their outcome. */
export function bucketTotal(bucket: Pick<UsageBucket, 'success' | 'error' | 'throttled'>): number {
  return bucket.success + bucket.error + bucket.throttled;
}

export interface BucketLabels {
  /** Under the x axis: "2 PM", "Mon", "Nov 17". */
  short: string[];
  /** In data tables and summaries: "Nov 20, 2:00 PM", "Monday, Nov 17". */
  long: string[];
}

const date = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options);
// Daily buckets are UTC days (the daily quota resets at UTC midnight), so they are named in UTC;
// hourly buckets are shown in the visitor's own time.
const hourShort = date({ hour: 'numeric' });
const hourLong = date({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const weekdayShort = date({ weekday: 'short', timeZone: 'UTC' });
const dayShort = date({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLong = date({ weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : formatter.format(value);
}

/** Labels of a series' buckets: hours for 24h, weekdays for 7d, dates for 30d and 90d. */
export function bucketLabels(range: UsageRange, buckets: readonly Pick<UsageBucket, 'start'>[]): BucketLabels {
  if (range === '24h') {
    return {
      short: buckets.map((bucket) => format(hourShort, bucket.start)),
      long: buckets.map((bucket) => format(hourLong, bucket.start)),
    };
  }
  return {
    short: buckets.map((bucket) => format(range === '7d' ? weekdayShort : dayShort, bucket.start)),
    long: buckets.map((bucket) => format(dayLong, bucket.start)),
  };
}

/** Average response time over buckets, weighted by each bucket's requests (0 when none). */
export function weightedAverageResponseTime(buckets: readonly UsageBucket[]): number {
  let weight = 0;
  let sum = 0;
  for (const bucket of buckets) {
    const requests = bucketTotal(bucket);
    if (requests === 0 || bucket.avgResponseTime <= 0) continue;
    weight += requests;
    sum += bucket.avgResponseTime * requests;
  }
  return weight === 0 ? 0 : sum / weight;
}

/** The bucket with the highest value of `pick`, or null when every value is zero. */
export function peakIndex(buckets: readonly UsageBucket[], pick: (bucket: UsageBucket) => number): number | null {
  let best: number | null = null;
  buckets.forEach((bucket, index) => {
    const value = pick(bucket);
    if (value > 0 && (best === null || value > pick(buckets[best]!))) best = index;
  });
  return best;
}
