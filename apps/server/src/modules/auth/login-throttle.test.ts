import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { AttemptCounter } from './login-throttle';
import { LOGIN_POLICY, accountDelayMs, createLoginThrottle } from './login-throttle';

function memoryCounter(): AttemptCounter & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async hit(key) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { count, retryAfterSeconds: 600 };
    },
    async refund(key) {
      counts.set(key, Math.max(0, (counts.get(key) ?? 0) - 1));
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

const failures = async (throttle: ReturnType<typeof createLoginThrottle>, email: string, ips: string[]) => {
  const outcomes: Array<'admitted' | 429> = [];
  for (const ip of ips) {
    try {
      await throttle.admit(email, ip);
      outcomes.push('admitted');
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      outcomes.push((error as AppError).statusCode as 429);
    }
  }
  return outcomes;
};

describe('login throttle', () => {
  it('waits longer after each account-wide failure past 10, up to a cap', () => {
    expect([1, 10].map(accountDelayMs)).toEqual([0, 0]);
    expect([11, 12, 13].map(accountDelayMs)).toEqual([250, 500, 1000]);
    expect(accountDelayMs(60)).toBe(LOGIN_POLICY.maxDelayMs);
  });

  it('refuses the account everywhere after 100 attempts from distinct addresses, and verifies none past it', async () => {
    const waits: number[] = [];
    const throttle = createLoginThrottle(memoryCounter(), async (ms) => waits.push(ms));
    const ips = Array.from({ length: 120 }, (_, i) => `203.0.113.${i}`);
    const outcomes = await failures(throttle, 'victim@example.com', ips);
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(100);
    expect(outcomes.slice(100).every((o) => o === 429)).toBe(true);
    expect(waits).toHaveLength(90);
  });

  it('a flood from one address does not use up the account-wide allowance', async () => {
    const counter = memoryCounter();
    const throttle = createLoginThrottle(counter, async () => undefined);
    const outcomes = await failures(throttle, 'victim@example.com', Array(500).fill('198.51.100.9'));
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(10);
    expect(counter.counts.get('login:account:victim@example.com')).toBe(10);
  });

  it('a success clears its pair and gives back what it counted', async () => {
    const counter = memoryCounter();
    const throttle = createLoginThrottle(counter, async () => undefined);
    await (await throttle.admit('a@example.com', '192.0.2.1')).succeeded();
    expect(counter.counts.has('login:pair:a@example.com:192.0.2.1')).toBe(false);
    expect(counter.counts.get('login:ip:192.0.2.1')).toBe(0);
    expect(counter.counts.get('login:account:a@example.com')).toBe(0);
  });
});
