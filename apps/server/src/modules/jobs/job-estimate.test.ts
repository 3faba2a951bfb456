import { HOUR_MS } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import type { JobQuotaStatus } from './job-estimate';
import { estimateOf } from './job-estimate';

const NOW = Date.UTC(2025, 0, 15, 10, 20);
const status = (
  hourRemaining: number,
  dayRemaining: number,
  hourLimit = 2_000,
  dayLimit = 25_000,
): JobQuotaStatus => ({
  plan: 'pro',
  hour: { limit: hourLimit, remaining: hourRemaining, resetAt: Date.UTC(2025, 0, 15, 11) },
  day: { limit: dayLimit, remaining: dayRemaining, resetAt: Date.UTC(2025, 0, 16) },
});

describe('estimateOf: the basis reads as a person would write it', () => {
  it('says "1 request fits" for one request and "2 requests fit" for two, with the figures left now', () => {
    expect(estimateOf({ units: 1, deduplicated: false }, status(2_000, 25_000), NOW).basis).toBe(
      "1 request fits in what is left now (2,000 this hour, 25,000 today): the plan's limits do not hold the job back; only the model's speed does.",
    );
    expect(estimateOf({ units: 2, deduplicated: false }, status(2, 2), NOW).basis).toMatch(
      /^2 requests fit in what is left now \(2 this hour, 2 today\)/,
    );
  });

  it('names one request and a one-request hourly limit in the singular when the limits hold the job back', () => {
    const one = estimateOf({ units: 1, deduplicated: true }, status(0, 10, 1, 10), NOW);
    expect(one.finishesAt).toBe(new Date(Date.UTC(2025, 0, 15, 11)).toISOString());
    expect(one.basis).toBe(
      "Its one request is admitted when the hour starting then opens, at the pro plan's 1 request an hour and 10 a day (UTC windows), starting from the 0 left this hour and 10 today; the model's own speed is not counted.",
    );
    expect(one.basis).not.toMatch(/\b1 requests\b/);
  });

  it('keeps the plural for many requests, and finishes in the first hour with room for the rest', () => {
    const many = estimateOf({ units: 2_500, deduplicated: false }, status(2_000, 25_000), NOW);
    expect(many.finishesAt).toBe(new Date(Date.UTC(2025, 0, 15, 11)).toISOString());
    expect(many.basis).toMatch(
      /^The last requests are admitted when the hour starting then opens, at the pro plan's 2,000 requests an hour and 25,000 a day/,
    );
    expect(new Date(many.finishesAt!).getTime() - NOW).toBeLessThan(HOUR_MS);
  });
});
