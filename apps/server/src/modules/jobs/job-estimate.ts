import type { JobEstimate } from '@altwise/shared';
import { DAY_MS, HOUR_MS } from '@altwise/shared';

/** What an estimate needs of the account's quota: its plan and both windows now. */
export interface JobQuotaStatus {
  plan: string;
  hour: { limit: number; remaining: number; resetAt: number };
  day: { limit: number; remaining: number; resetAt: number };
}

/** Units the account can be charged now: what both windows have left. */
export const unitsLeft = (status: JobQuotaStatus): number => Math.min(status.hour.remaining, status.day.remaining);

/** Bounds the walk over windows: 10,000 units at the smallest plan's 500 a day is 20 days. */
const MAX_HOURS = 24 * 400;

/**
 * When `units` would be admitted at the plan's limits alone: this hour takes what both windows have
 * left, each next UTC hour its hourly limit (the day's left-over permitting), each new UTC day
 * restarts the daily count. Null when everything fits now. The model's own speed is not counted.
 */
function finishAt(units: number, status: JobQuotaStatus, now: number): number | null {
  const fitsNow = unitsLeft(status);
  let left = units - fitsNow;
  if (left <= 0) return null;
  let dayLeft = status.day.remaining - fitsNow;
  let hourStart = status.hour.resetAt;
  let dayEnd = status.day.resetAt;
  for (let hours = 0; hours < MAX_HOURS; hours += 1, hourStart += HOUR_MS) {
    if (hourStart >= dayEnd) {
      dayLeft = status.day.limit;
      dayEnd += DAY_MS;
    }
    const taken = Math.min(status.hour.limit, dayLeft, left);
    left -= taken;
    dayLeft -= taken;
    if (left <= 0) return Math.max(hourStart, now);
  }
  return null;
}

const figure = (count: number) => count.toLocaleString('en-US');
/**
 * "1 request", "2,000 requests": the basis is read by people, so its counts agree with their nouns.
 * "Request" is the quota's word everywhere (the plans' "requests per hour"): one per image, one per
 * reading with verify (the API field keeps its name, `units`).
 */
const unitsText = (count: number) => `${figure(count)} request${count === 1 ? '' : 's'}`;

/**
 * What a job of `units` units will use and when the plan's limits let it finish (for
 * POST /v1/jobs/estimate, a new job's screen, and `estimate` on every job: its units still to use).
 */
export function estimateOf(
  input: { units: number; deduplicated: boolean; readings?: number },
  status: JobQuotaStatus,
  now: number,
): JobEstimate {
  // Verified alt text: each image is read `readings` times, one unit per reading.
  const readings = input.readings ?? 1;
  const images = input.units;
  input = { ...input, units: images * readings };
  const at = finishAt(input.units, status, now);
  const multiplied = readings > 1 ? ` (verify: ${figure(images)} image${images === 1 ? '' : 's'} × ${readings} readings, one request per reading)` : '';
  const fits = `${unitsText(input.units)} ${input.units === 1 ? 'fits' : 'fit'} in what is left now (${figure(status.hour.remaining)} this hour, ${figure(status.day.remaining)} today)`;
  const limits = `the ${status.plan} plan's ${unitsText(status.hour.limit)} an hour and ${figure(status.day.limit)} a day (UTC windows), starting from the ${figure(status.hour.remaining)} left this hour and ${figure(status.day.remaining)} today`;
  return {
    units: input.units,
    deduplicated: input.deduplicated,
    ...(readings > 1 && { readingsPerImage: readings }),
    remaining: { hourly: status.hour.remaining, daily: status.day.remaining },
    finishesAt: at === null ? null : new Date(at).toISOString(),
    basis:
      (at === null
        ? `${fits}: the plan's limits do not hold the job back; only the model's speed does.`
        : `${input.units === 1 ? 'Its one request is' : 'The last requests are'} admitted when the hour starting then opens, at ${limits}; the model's own speed is not counted.`) + multiplied,
  };
}
