import type { UsageBucket, UsageRange } from '@altwise/shared';

/** Images of a bucket, whatever their outcome (a batch of N counts N, as the quota does). */
export function bucketImages(bucket: Pick<UsageBucket, 'success' | 'error' | 'throttled'>): number {
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
// A weekday alone is ambiguous across weeks: the date goes with it ("Mon, 11/17").
const weekdayShort = date({ weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
const dayShort = date({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLong = date({ weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? iso : formatter.format(value);
}

/** Labels of a series' buckets: hours for 24h, weekday and date for 7d, dates for 30d and 90d. */
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

/**
 * Average response time over buckets (0 when none succeeded). A bucket's avgResponseTime is a mean
 * over its successful generations only, so it is weighted by its successful count: failed and
 * throttled images took no part in it. (A batch succeeds as one request but counts its images, so
 * a bucket with a batch weighs a little more than it should; the bucket carries no request count.)
 */
export function weightedAverageResponseTime(buckets: readonly UsageBucket[]): number {
  let weight = 0;
  let sum = 0;
  for (const bucket of buckets) {
    weight += bucket.success;
    sum += bucket.avgResponseTime * bucket.success;
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
