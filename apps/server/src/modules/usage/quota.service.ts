import { getPlan } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { rateLimitHeaders } from '../../platform/metering';
import type { QuotaDecision, QuotaService, QuotaWindow } from '../../platform/metering';
import type { UserService } from '../users/user.service';
import { createQuotaRepository } from './quota.repository';
import type { WindowName } from './quota.repository';
import { DAY_MS, HOUR_MS, windowsAt } from './usage-windows';

export type RefusedDecision = Extract<QuotaDecision, { admitted: false }>;

export interface QuotaStatus {
  plan: string;
  /** `used` can pass `limit` after a downgrade; `remaining` never goes below 0. */
  hour: QuotaWindow & { used: number };
  day: QuotaWindow & { used: number };
}

const WINDOW_LABEL: Record<WindowName, string> = { hour: 'Hourly', day: 'Daily' };

/**
 * The 429 for a refused admission: code quota_exceeded, the window's wording, Retry-After (seconds
 * to the reset of the full window) and the X-RateLimit-* headers, so it is complete however thrown.
 */
export function quotaExceededError(decision: RefusedDecision): AppError {
  const full = decision[decision.window];
  const message = `${WINDOW_LABEL[decision.window]} limit of ${full.limit} requests reached`;
  return new AppError(
    'quota_exceeded',
    message,
    429,
    { window: decision.window, limit: full.limit, remaining: full.remaining, resetTime: new Date(full.resetAt).toISOString() },
    {
      'retry-after': String(Math.max(1, Math.ceil(decision.retryAfterSeconds))),
      ...rateLimitHeaders(decision),
    },
  );
}

/**
 * Plan quotas, charged to the account (every key shares them), one unit per image, in the UTC
 * clock hour and the UTC day. Limits come from the account's plan as it is at admission, so a
 * plan change applies to the very next request of every key.
 */
export function createQuotaService(ctx: Pick<AppContext, 'db' | 'now'>, deps: { users: Pick<UserService, 'get'> }) {
  const counters = createQuotaRepository(ctx.db);

  async function limitsOf(userId: string) {
    const plan = getPlan((await deps.users.get(userId)).plan);
    return { plan: plan.id, hour: plan.limits.requestsPerHour, day: plan.limits.requestsPerDay };
  }

  const window = (limit: number, used: number, resetAt: number): QuotaWindow => ({
    limit,
    remaining: Math.max(0, limit - used),
    resetAt,
  });

  const service = {
    async admit(userId: string, units: number): Promise<QuotaDecision> {
      if (!Number.isInteger(units) || units < 1) throw new Error(`admit: units must be a positive integer, got ${units}`);
      const at = ctx.now();
      const { hourStart, dayStart } = windowsAt(at);
      const limits = await limitsOf(userId);
      const charged = await counters.charge({
        userId,
        units,
        hour: { start: hourStart, limit: limits.hour },
        day: { start: dayStart, limit: limits.day },
      });
      if ('hourUsed' in charged) {
        if (charged.newHour) {
          // A new window began (or the hour was refunded to zero): yesterday's rows are kept for
          // refunds across midnight, older go. At most once an hour per account in practice.
          await counters.pruneBefore(userId, dayStart - DAY_MS);
        }
        return {
          admitted: true,
          hour: window(limits.hour, charged.hourUsed, hourStart + HOUR_MS),
          day: window(limits.day, charged.dayUsed, dayStart + DAY_MS),
          at,
        };
      }
      const used = await counters.used(userId, hourStart, dayStart);
      const hour = window(limits.hour, used.hour, hourStart + HOUR_MS);
      const day = window(limits.day, used.day, dayStart + DAY_MS);
      // Waiting for the hour to reset is pointless when the day cannot take the units either.
      const full: WindowName = charged.refused === 'day' || used.day + units > limits.day ? 'day' : 'hour';
      const resetAt = full === 'day' ? day.resetAt : hour.resetAt;
      return { admitted: false, hour, day, window: full, retryAfterSeconds: Math.ceil((resetAt - at) / 1000) };
    },

    async refund(userId: string, units: number, admittedAt: number): Promise<void> {
      if (units <= 0) return;
      const { hourStart, dayStart } = windowsAt(admittedAt);
      await counters.uncharge(userId, units, hourStart, dayStart);
    },

    /** The account's current windows, without charging anything (usage screen, key list). */
    async status(userId: string, at: number = ctx.now()): Promise<QuotaStatus> {
      const { hourStart, dayStart } = windowsAt(at);
      const [limits, used] = await Promise.all([limitsOf(userId), counters.used(userId, hourStart, dayStart)]);
      return {
        plan: limits.plan,
        hour: { ...window(limits.hour, used.hour, hourStart + HOUR_MS), used: used.hour },
        day: { ...window(limits.day, used.day, dayStart + DAY_MS), used: used.day },
      };
    },

    deleteForUser: (userId: string) => counters.deleteForUser(userId),
  };
  return service satisfies QuotaService;
}

export type AccountQuotaService = ReturnType<typeof createQuotaService>;
