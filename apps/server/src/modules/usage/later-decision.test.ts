// Concurrent admissions of one account finish in any order: the rate-limit headers take the later state.
import { describe, expect, it } from 'vitest';
import type { QuotaDecision } from './quota-decision';
import { laterDecision } from './quota-decision';

const HOUR = 3_600_000;
const decision = (hourRemaining: number, dayRemaining: number, hourResetAt = HOUR): QuotaDecision => ({
  admitted: true,
  at: 0,
  hour: { limit: 100, remaining: hourRemaining, resetAt: hourResetAt },
  day: { limit: 1_000, remaining: dayRemaining, resetAt: 24 * HOUR },
});

describe('the later of two quota decisions', () => {
  it('is the one with fewer units left, whichever finished last', () => {
    const first = decision(99, 999);
    const second = decision(98, 998);
    expect(laterDecision(first, second)).toBe(second);
    expect(laterDecision(second, first)).toBe(second);
  });

  it('is the one in the later hourly window, though it has more left', () => {
    const before = decision(1, 950);
    const after = decision(99, 949, 2 * HOUR);
    expect(laterDecision(before, after)).toBe(after);
    expect(laterDecision(after, before)).toBe(after);
  });

  it('falls back on the day when the hour says the same', () => {
    expect(laterDecision(decision(50, 700), decision(50, 600)).day.remaining).toBe(600);
  });
});
