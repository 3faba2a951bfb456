import { getPlan } from '@altwise/shared';
import { answerDeadlineMs, DatabaseTimeoutError } from '../../db/database';
import type { Executor } from '../../db/executor';
import { withQueryDeadline } from '../../db/query-deadline';
import type { AppContext } from '../../platform/context';
import type { QuotaDecision, QuotaWindow, RefusedDecision } from './quota-decision';
import type { UserService } from '../users';
import type { QuotaRepository, WindowName } from './quota.repository';
import { createKeyedGroups } from '../../platform/keyed-groups';
import type { Windows } from './usage-windows';
import { DAY_MS, HOUR_MS, windowsAt } from './usage-windows';
import type { LimitCrossing } from './limit-alerts';
import { crossedLevels } from './limit-alerts';

export interface QuotaStatus {
  plan: string;
  /** `used` can pass `limit` after a downgrade; `remaining` never goes below 0. */
  hour: QuotaWindow & { used: number };
  day: QuotaWindow & { used: number };
}

const SEEN_FOR_MS = 1_000;

/**
 * Plan quotas, charged to the account (every key shares them), one unit per image, in the UTC
 * clock hour and the UTC day. Limits come from the account's plan as it is at admission, so a
 * plan change applies to the very next request of every key.
 */
export function createQuotaService(ctx: Pick<AppContext, 'db' | 'now' | 'dialect' | 'config'>, deps: { users: Pick<UserService, 'planOf'>; counters: QuotaRepository }) {
  const { counters } = deps;

  function limitsOfPlan(planId: string) {
    const plan = getPlan(planId);
    return { plan: plan.id, hour: plan.limits.requestsPerHour, day: plan.limits.requestsPerDay };
  }
  async function limitsOf(userId: string) {
    return limitsOfPlan(await deps.users.planOf(userId));
  }

  // The account's use as this instance last saw it (the totals its last charge or read returned),
  // for a moment: what cannot fit in the room left then is refused at once, before queueing on the
  // account's counter rows (which admissions hold locked) or charging a group that cannot fit whole.
  // Use only grows until a refund, which forgets it; refunds on other instances are seen when it expires.
  const lastSeen = new Map<string, { hourStart: number; dayStart: number; hour: number; day: number; until: number }>();
  const see = (userId: string, at: number, used: { hour: number; day: number }) => {
    const { hourStart, dayStart } = windowsAt(at);
    lastSeen.set(userId, { hourStart, dayStart, ...used, until: at + SEEN_FOR_MS });
  };
  /** The use last seen, while it is fresh and of the windows of `at`. */
  function seenAt(userId: string, at: number): { hour: number; day: number } | undefined {
    const seen = lastSeen.get(userId);
    const { hourStart, dayStart } = windowsAt(at);
    return seen && seen.until > at && seen.hourStart === hourStart && seen.dayStart === dayStart ? seen : undefined;
  }
  const roomIn = (limits: { hour: number; day: number }, used: { hour: number; day: number }) => Math.min(limits.hour - used.hour, limits.day - used.day);

  const window = (limit: number, used: number, resetAt: number): QuotaWindow => ({
    limit,
    remaining: Math.max(0, limit - used),
    resetAt,
  });

  type Limits = Awaited<ReturnType<typeof limitsOf>>;
  interface Request {
    units: number;
    reservation: { id: string; instanceId: string };
  }

  /** The refusal of `units` given the windows' use. */
  function refuse(limits: Limits, used: { hour: number; day: number }, units: number, at: number): RefusedDecision {
    const { hourStart, dayStart } = windowsAt(at);
    const hour = window(limits.hour, used.hour, hourStart + HOUR_MS);
    const day = window(limits.day, used.day, dayStart + DAY_MS);
    // Waiting for the hour to reset is pointless when the day cannot take the units either.
    const full: WindowName = used.day + units > limits.day ? 'day' : 'hour';
    const resetAt = full === 'day' ? day.resetAt : hour.resetAt;
    return { admitted: false, hour, day, window: full, retryAfterSeconds: Math.ceil((resetAt - at) / 1000) };
  }

  /**
   * Charges the requests together (all or none). Admitted, each gets the windows as if the
   * requests had been admitted one after the other, in order.
   */
  async function chargeTogether(userId: string, limits: Limits, requests: Request[], at: number): Promise<QuotaDecision[] | undefined> {
    const { hourStart, dayStart } = windowsAt(at);
    const total = requests.reduce((sum, request) => sum + request.units, 0);
    const charged = await counters.charge({
      userId,
      units: total,
      hour: { start: hourStart, limit: limits.hour },
      day: { start: dayStart, limit: limits.day },
      reservations: requests.map(({ units, reservation }) => ({
        id: reservation.id,
        user_id: userId,
        instance_id: reservation.instanceId,
        units,
        hour_start: hourStart,
        day_start: dayStart,
        created_at: at,
      })),
    });
    if (!('hourUsed' in charged)) return undefined;
    see(userId, at, { hour: charged.hourUsed, day: charged.dayUsed });
    let hourUsed = charged.hourUsed - total;
    let dayUsed = charged.dayUsed - total;
    return requests.map(({ units }) => {
      hourUsed += units;
      dayUsed += units;
      return {
        admitted: true,
        hour: window(limits.hour, hourUsed, hourStart + HOUR_MS),
        day: window(limits.day, dayUsed, dayStart + DAY_MS),
        at,
      };
    });
  }

  /**
   * One account's admissions that queued behind its previous one, in one transaction: an account
   * hammered by many clients costs a commit per group, not per request, and a burst past its quota
   * is refused after a few transactions instead of a queue of them on the account's counter rows.
   * When the group does not fit, the requests that fit in the room just read (in arrival order)
   * are tried again together and the others refused; a refund elsewhere may make room meanwhile,
   * a charge elsewhere take it, so this repeats (never charging more than the guarded upsert lets).
   */
  async function admitGroup(userId: string, requests: Request[], answer: (index: number, decision: QuotaDecision) => void): Promise<QuotaDecision[]> {
    const at = ctx.now();
    const { hourStart, dayStart } = windowsAt(at);
    const limits = await limitsOf(userId);
    const decisions: QuotaDecision[] = new Array<QuotaDecision>(requests.length);
    /** The requests that fit in `room` (in arrival order); the others are refused and answered now. */
    const fitting = (candidates: number[], room: number, used: { hour: number; day: number }): number[] => {
      // Refusals are judged with the units of the requests before them that fit taken.
      let taken = 0;
      const fit: number[] = [];
      for (const index of candidates) {
        const { units } = requests[index]!;
        if (taken + units <= room) {
          fit.push(index);
          taken += units;
        } else {
          decisions[index] = refuse(limits, { hour: used.hour + taken, day: used.day + taken }, units, at);
          // Answered now, not after the others' charge: a 429 waits for no one's transaction.
          answer(index, decisions[index]);
        }
      }
      return fit;
    };
    // Requests past the room last seen cannot fit: refused now, not after a charge of the whole group
    // fails and the counters are read again.
    const seen = seenAt(userId, at);
    let pending = requests.map((_request, index) => index);
    if (seen) pending = fitting(pending, roomIn(limits, seen), seen);
    while (pending.length > 0) {
      const admitted = await chargeTogether(userId, limits, pending.map((index) => requests[index]!), at);
      if (admitted) {
        pending.forEach((index, position) => (decisions[index] = admitted[position]!));
        break;
      }
      const used = await counters.used(userId, hourStart, dayStart);
      see(userId, at, used);
      // A lone request that did not fit is refused, even if it would fit now: it was refused by the counters.
      pending = fitting(pending, pending.length > 1 ? roomIn(limits, used) : 0, used);
    }
    return decisions;
  }

  // An admission's wait in its account's queue, for a connection and for its statements shares one
  // deadline: a stalled database answers 503 within the bound docs/operations.md promises, and a
  // request refused while still queued was never charged. SQLite runs in this process: it cannot
  // stall, and a busy machine is no reason to refuse.
  const groups = createKeyedGroups(admitGroup, {
    deadline:
      ctx.dialect === 'postgres'
        ? {
            ms: answerDeadlineMs(ctx.config.database.statementTimeoutMs),
            expired: () => new DatabaseTimeoutError('the admission waited past its deadline for the database'),
            run: withQueryDeadline,
          }
        : undefined,
  });

  // Rate-limit alerts: told only when an admission crossed an alert level (rare), awaited so the
  // alert is queued before the answer that crossed it leaves.
  let onCrossing: ((userId: string, crossings: LimitCrossing[]) => Promise<void>) | undefined;
  async function tellCrossings(userId: string, units: number, decision: QuotaDecision): Promise<void> {
    if (!onCrossing || !decision.admitted) return;
    const used = (window: QuotaWindow) => window.limit - window.remaining;
    const crossings = [
      ...crossedLevels({ window: 'hour', windowStart: decision.hour.resetAt - HOUR_MS, resetAt: decision.hour.resetAt, limit: decision.hour.limit }, used(decision.hour), units),
      ...crossedLevels({ window: 'day', windowStart: decision.day.resetAt - DAY_MS, resetAt: decision.day.resetAt, limit: decision.day.limit }, used(decision.day), units),
    ];
    if (crossings.length > 0) await onCrossing(userId, crossings);
  }

  const service = {
    /** Charges `units` and writes `reservation` with them, in one transaction, or does neither. */
    async admit(userId: string, units: number, reservation: { id: string; instanceId: string }): Promise<QuotaDecision> {
      if (!Number.isInteger(units) || units < 1) throw new Error(`admit: units must be a positive integer, got ${units}`);
      const at = ctx.now();
      if (seenAt(userId, at)) {
        const limits = await limitsOf(userId);
        // Read again after the plan: a refund meanwhile forgot it.
        const seen = seenAt(userId, at);
        if (seen && units > roomIn(limits, seen)) return refuse(limits, seen, units, at);
      }
      const decision = await groups.submit(userId, { units, reservation });
      await tellCrossings(userId, units, decision);
      return decision;
    },

    /** Who hears of admissions that cross an alert level (the rate-limit alerts, set once at start). */
    onLimitCrossing(listener: (userId: string, crossings: LimitCrossing[]) => Promise<void>): void {
      onCrossing = listener;
    },

    /** Gives back units of a reservation's windows (on the settlement's transaction). */
    refundIn: (trx: Executor, userId: string, units: number, windows: Windows) => {
      lastSeen.delete(userId);
      return counters.uncharge(trx, userId, units, windows.hourStart, windows.dayStart);
    },

    /** Counts units delivered after their reservation had been released (see chargeOverLimit). */
    rechargeIn: (trx: Executor, userId: string, units: number, windows: Windows) =>
      counters.chargeOverLimit(trx, userId, units, windows.hourStart, windows.dayStart),

    /** The account's current windows, without charging anything (usage screen, key list). */
    async status(userId: string, at: number = ctx.now(), executor?: Executor): Promise<QuotaStatus> {
      const { hourStart, dayStart } = windowsAt(at);
      // In the caller's transaction when given (a job's end reads its estimate there; SQLite has one connection).
      const limitsNow = executor ? counters.planIn(executor, userId).then((plan) => limitsOfPlan(plan)) : limitsOf(userId);
      const [limits, used] = await Promise.all([limitsNow, counters.used(userId, hourStart, dayStart, executor)]);
      return {
        plan: limits.plan,
        hour: { ...window(limits.hour, used.hour, hourStart + HOUR_MS), used: used.hour },
        day: { ...window(limits.day, used.day, dayStart + DAY_MS), used: used.day },
      };
    },

    deleteForUser: (userId: string, trx?: Executor) => counters.deleteForUser(userId, trx),

    /**
     * For the retention sweep: windows that ended before yesterday began go (yesterday's are kept
     * for refunds across midnight). Not on an admission's path, which a new window's first request
     * would otherwise wait for.
     */
    deleteEndedWindows: (trx: Executor, at: number) => counters.deleteWindowsBefore(trx, windowsAt(at).dayStart - DAY_MS),
  };
  return service;
}

export type AccountQuotaService = ReturnType<typeof createQuotaService>;
