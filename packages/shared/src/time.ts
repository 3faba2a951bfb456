/** Milliseconds in an hour and in a day: the quota windows and the usage buckets (UTC). */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
