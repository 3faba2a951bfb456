import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../platform/errors';
import { backoffMs } from '../../platform/backoff';

/** The parts of the rate limiter the throttle needs (an in-memory one in unit tests). */
export interface AttemptCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }>;
  refund(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * The sign-in throttling policy (docs/security.md "Sign-in throttling"). Every limit is per 15-minute window and every
 * attempt is counted *before* its password is verified, in one atomic upsert, so no burst of
 * concurrent requests can get more verifications than the limit.
 * - account + address: 10 attempts; the limit a guesser meets. A success clears it.
 * - address: 10 failed attempts, whatever the account (one address guessing many accounts).
 * - account alone: only past 10 failures from everywhere, each further attempt waits longer
 *   (exponential, capped), and at 100 the account refuses sign-ins until the window ends. Ten
 *   failures from anywhere therefore never lock out the owner on their own address.
 * An attempt refused by one limit gives back what it counted against the others, so a flood from
 * one address cannot use up the account-wide allowance of its owner.
 */
export const LOGIN_POLICY = {
  windowMs: 15 * 60 * 1000,
  perAccountAndAddress: 10,
  perAddress: 10,
  accountDelayAfter: 10,
  perAccount: 100,
  firstDelayMs: 250,
  maxDelayMs: 8000,
} as const;

/** How long an attempt waits when the account has seen `attempts` attempts (this one included). */
export function accountDelayMs(attempts: number): number {
  const over = attempts - LOGIN_POLICY.accountDelayAfter;
  if (over <= 0) return 0;
  return backoffMs(over, { firstMs: LOGIN_POLICY.firstDelayMs, maxMs: LOGIN_POLICY.maxDelayMs });
}

const TOO_MANY = 'Too many failed sign-in attempts. Try again later.';

export function createLoginThrottle(counter: AttemptCounter, wait: (ms: number) => Promise<unknown> = sleep) {
  const { windowMs } = LOGIN_POLICY;

  return {
    /**
     * Counts one attempt for this email from this address, or throws 429. The returned settlement
     * says how it ended: a success clears the pair and gives back the other counts.
     */
    async admit(email: string, ip: string) {
      const keys = { pair: `login:pair:${email}:${ip}`, address: `login:ip:${ip}`, account: `login:account:${email}` };
      const refused = (retryAfterSeconds: number) => AppError.tooManyRequests(TOO_MANY, retryAfterSeconds);

      const pair = await counter.hit(keys.pair, windowMs);
      if (pair.count > LOGIN_POLICY.perAccountAndAddress) throw refused(pair.retryAfterSeconds);
      const address = await counter.hit(keys.address, windowMs);
      if (address.count > LOGIN_POLICY.perAddress) {
        await counter.refund(keys.pair, windowMs);
        throw refused(address.retryAfterSeconds);
      }
      const account = await counter.hit(keys.account, windowMs);
      if (account.count > LOGIN_POLICY.perAccount) {
        await Promise.all([counter.refund(keys.pair, windowMs), counter.refund(keys.address, windowMs)]);
        throw refused(account.retryAfterSeconds);
      }
      const delay = accountDelayMs(account.count);
      if (delay > 0) await wait(delay);

      return {
        async succeeded() {
          await Promise.all([
            counter.reset(keys.pair),
            counter.refund(keys.address, windowMs),
            counter.refund(keys.account, windowMs),
          ]);
        },
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
