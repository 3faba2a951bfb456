import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { liveInstanceIds } from '../instances';
import type { Database, QuotaReservationsTable } from '../../db/schema';

export type ReservationRow = Selectable<QuotaReservationsTable>;

/** quota_reservations: units charged and not yet settled. Owned by the usage module. */
export function createReservationRepository(db: Kysely<Database>) {
  return {
    /**
     * Deletes reservations settled whole (every single request) in one statement, and returns
     * those that were still there: a missing one was released (refunded) as a dead instance's.
     */
    async takeWhole(trx: Executor, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await trx.deleteFrom('quota_reservations').where('id', 'in', ids).returning('id').execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Takes `units` off a reservation and deletes it when none are left. Returns false when the
     * reservation is gone: it was released (refunded) as belonging to a dead instance.
     */
    async take(trx: Executor, id: string, units: number): Promise<boolean> {
      const row = await trx
        .updateTable('quota_reservations')
        .set({ units: sql<number>`units - ${units}` })
        .where('id', '=', id)
        .returning('units')
        .executeTakeFirst();
      if (!row) return false;
      if (Number(row.units) <= 0) await trx.deleteFrom('quota_reservations').where('id', '=', id).execute();
      return true;
    },

    /** Deletes a reservation and returns what it still held; only one releaser can win it. */
    async remove(trx: Executor, id: string): Promise<ReservationRow | undefined> {
      return trx.deleteFrom('quota_reservations').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /**
     * Hands a reservation to `holder` (an economy provider batch), which settles and releases it from
     * now on, whichever instance works on it. False when it is gone (released meanwhile).
     */
    async hold(trx: Executor, id: string, holder: string): Promise<boolean> {
      const result = await trx.updateTable('quota_reservations').set({ held_by: holder }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async anyOf(userId: string): Promise<boolean> {
      return (await db.selectFrom('quota_reservations').select('id').where('user_id', '=', userId).executeTakeFirst()) !== undefined;
    },

    async heldBy(holder: string): Promise<ReservationRow | undefined> {
      return db.selectFrom('quota_reservations').selectAll().where('held_by', '=', holder).executeTakeFirst();
    },

    /** Deletes the reservation `holder` holds and returns what it still held (see remove). */
    async removeHeld(trx: Executor, holder: string): Promise<ReservationRow | undefined> {
      return trx.deleteFrom('quota_reservations').where('held_by', '=', holder).returningAll().executeTakeFirst();
    },

    /**
     * Reservations nobody will settle: those of instances that are not alive (no heartbeat since
     * `aliveSince`, or no instance row at all), and this instance's own that it no longer tracks.
     * Never one a batch holds: its batch, taken over by a live instance, settles it.
     */
    async abandoned(instanceId: string, aliveSince: number, tracked: ReadonlySet<string>): Promise<string[]> {
      const rows = await db
        .selectFrom('quota_reservations')
        .select(['id', 'instance_id'])
        .where('held_by', 'is', null)
        .where((eb) =>
          eb.or([
            eb('instance_id', '=', instanceId),
            eb('instance_id', 'not in', liveInstanceIds(db, aliveSince)),
          ]),
        )
        .limit(1_000)
        .execute();
      return rows.filter((row) => row.instance_id !== instanceId || !tracked.has(row.id)).map((row) => row.id);
    },

    /** This instance's reservations, but those batches hold (they outlive it). */
    async ofInstance(instanceId: string): Promise<string[]> {
      const rows = await db.selectFrom('quota_reservations').select('id').where('instance_id', '=', instanceId).where('held_by', 'is', null).execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ReservationRepository = ReturnType<typeof createReservationRepository>;
