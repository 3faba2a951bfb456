import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import type { InstanceRegistry } from '../instances';
import type { QuotaDecision, UsageEvent } from './quota-decision';
import type { AccountQuotaService } from './quota.service';
import type { ReservationRepository } from './reservation.repository';
import type { UsageRepository } from './usage.repository';
import type { Windows } from './usage-windows';
import { windowsAt } from './usage-windows';

/** Units admitted for one request, charged and not yet settled. */
export interface Reservation {
  readonly id: string;
  readonly userId: string;
  /** Units admitted with it. */
  readonly units: number;
  readonly windows: Windows;
}

/**
 * How one unit of a reservation ends: `success` (delivered: stays charged), `refund` (failed on
 * our side or the provider's: given back) or `keep` (failed through the caller's fault: stays).
 */
export type UnitOutcome = 'success' | 'refund' | 'keep';

export interface UnitSettlement {
  reservation: Reservation;
  outcome: UnitOutcome;
  /**
   * The unit's usage event, recorded in the same transaction; none for a unit of a deleted account
   * (a bulk-job item whose job went with it), so no event names that account again.
   */
  event?: UsageEvent & { at: number };
}

export type Admission = { decision: QuotaDecision; reservation: Reservation | null };

/**
 * Crash-safe metering (docs/architecture.md#crash-safe-metering). Admission charges the quota and writes a reservation in one
 * transaction; each unit is settled with its history row and usage event in one transaction (the
 * caller's, see settleIn); reservations nobody will settle (their instance died, or the request
 * ended without settling) are released, that is refunded, by `reconcile`, which any instance runs.
 * So after any crash: quota used = units settled as success or keep = their usage events.
 */
export function createMeteringService(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deps: {
    quota: Pick<AccountQuotaService, 'admit' | 'refundIn' | 'rechargeIn'>;
    instance: InstanceRegistry;
    reservations: ReservationRepository;
    events: UsageRepository;
  },
) {
  const { reservations, events } = deps;
  // Reservations of requests still running here: reconcile leaves these alone.
  const tracked = new Set<string>();

  async function release(id: string): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await reservations.remove(trx, id);
      if (row && Number(row.units) > 0) {
        await deps.quota.refundIn(trx, row.user_id, Number(row.units), { hourStart: Number(row.hour_start), dayStart: Number(row.day_start) });
      }
    });
  }

  return {
    async admit(userId: string, units: number): Promise<Admission> {
      const id = randomUUID();
      // Tracked before the transaction: once committed it must never look abandoned. If the commit's
      // outcome is unknown (a timeout), untracking it lets reconcile release it if it exists.
      tracked.add(id);
      let decision: QuotaDecision;
      try {
        decision = await deps.quota.admit(userId, units, { id, instanceId: deps.instance.id });
      } catch (error) {
        tracked.delete(id);
        throw error;
      }
      if (!decision.admitted) {
        tracked.delete(id);
        return { decision, reservation: null };
      }
      return { decision, reservation: { id, userId, units, windows: windowsAt(decision.at) } };
    },

    /**
     * Settles units on the caller's transaction (which also writes their history rows): usage
     * events and rollups, the reservations taken down, refunds given. A unit whose reservation was
     * already released (its instance was taken for dead) is charged again when it was delivered.
     */
    async settleIn(trx: Executor, settlements: UnitSettlement[]): Promise<void> {
      await events.insertMany(
        settlements.flatMap((settlement) => (settlement.event ? [settlement.event] : [])),
        trx,
      );
      const byReservation = new Map<string, { reservation: Reservation; charged: number; refund: number }>();
      for (const { reservation, outcome } of settlements) {
        const entry = byReservation.get(reservation.id) ?? { reservation, charged: 0, refund: 0 };
        if (outcome === 'refund') entry.refund += 1;
        else entry.charged += 1;
        byReservation.set(reservation.id, entry);
      }
      // Reservations settled whole (every single request) go in one statement; a batch's, partly
      // settled, one by one. In id order, so concurrent settlements lock rows in the same order.
      const entries = [...byReservation.values()].sort((a, b) => (a.reservation.id < b.reservation.id ? -1 : 1));
      const isWhole = (entry: (typeof entries)[number]) => entry.charged + entry.refund === entry.reservation.units;
      const heldWhole = await reservations.takeWhole(trx, entries.filter(isWhole).map((entry) => entry.reservation.id));
      for (const entry of entries) {
        const { reservation, charged, refund } = entry;
        const held = isWhole(entry) ? heldWhole.has(reservation.id) : await reservations.take(trx, reservation.id, charged + refund);
        if (held && refund > 0) await deps.quota.refundIn(trx, reservation.userId, refund, reservation.windows);
        if (!held && charged > 0) await deps.quota.rechargeIn(trx, reservation.userId, charged, reservation.windows);
      }
    },

    /** The request is over: whatever it left unsettled is now reconcile's to release. */
    finish(reservation: Reservation): void {
      tracked.delete(reservation.id);
    },

    /** Heartbeat, then release abandoned reservations (dead instances' and this one's leftovers). */
    async reconcile(): Promise<number> {
      await deps.instance.heartbeat();
      const ids = await reservations.abandoned(deps.instance.id, deps.instance.aliveSince(), tracked);
      for (const id of ids) await release(id);
      await deps.instance.pruneDead();
      return ids.length;
    },

    /** Shutdown after the drain deadline: work still running here is released as if killed. */
    async releaseAll(): Promise<void> {
      tracked.clear();
      for (const id of await reservations.ofInstance(deps.instance.id)) await release(id);
    },
  };
}

export type MeteringService = ReturnType<typeof createMeteringService>;
