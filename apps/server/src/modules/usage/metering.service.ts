import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import type { InstanceRegistry } from '../instances';
import type { QuotaDecision, UsageEvent } from './quota-decision';
import type { AccountQuotaService } from './quota.service';
import type { ReservationRepository, ReservationRow } from './reservation.repository';
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

  async function refundRow(trx: Executor, row: ReservationRow | undefined): Promise<void> {
    if (row && Number(row.units) > 0) {
      await deps.quota.refundIn(trx, row.user_id, Number(row.units), { hourStart: Number(row.hour_start), dayStart: Number(row.day_start) });
    }
  }

  async function release(id: string): Promise<void> {
    await ctx.db.transaction().execute(async (trx) => refundRow(trx, await reservations.remove(trx, id)));
  }

  async function settleIn(trx: Executor, settlements: UnitSettlement[]): Promise<void> {
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
    settleIn,

    /**
     * Durable work (an economy job's provider batch, `holder` its id) takes over an admitted
     * reservation on the caller's transaction (the one that gives the work its items): `units` of it
     * stay charged and held (none: all go back), the rest are given back. A held reservation is not
     * its instance's: reconcile and shutdown leave it alone, whichever instance dies; the holder
     * settles it unit by unit (settleIn, with `heldBy`'s reservation) and releases the rest at its end.
     * The admitting request still calls `finish`.
     */
    async holdIn(trx: Executor, reservation: Reservation, holder: string, units: number): Promise<void> {
      const unused = reservation.units - Math.max(0, units);
      if (unused > 0) await settleIn(trx, Array.from({ length: unused }, () => ({ reservation, outcome: 'refund' as const })));
      if (units > 0 && !(await reservations.hold(trx, reservation.id, holder))) throw new Error('the reservation to hold was released');
    },

    /**
     * What `holder` holds now (the units settled or given back so far taken off). When it holds
     * nothing (all settled, or opened before batches reserved), a reservation of none: a unit
     * settled as a success is then charged (see settleIn), a refund gives nothing back.
     */
    async heldBy(holder: string, userId: string): Promise<Reservation> {
      const row = await reservations.heldBy(holder);
      if (!row) return { id: `unheld-${holder}`, userId, units: 0, windows: windowsAt(ctx.now()) };
      return { id: row.id, userId: row.user_id, units: Number(row.units), windows: { hourStart: Number(row.hour_start), dayStart: Number(row.day_start) } };
    },

    /** Whether units of the account are admitted and not settled yet (a request in flight, a batch out): some may come back. */
    unsettled: (userId: string) => reservations.anyOf(userId),

    /** The holder's work is over: what it still holds is given back, on the caller's transaction. */
    async releaseHeldIn(trx: Executor, holder: string): Promise<void> {
      await refundRow(trx, await reservations.removeHeld(trx, holder));
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
