import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/schema';

export function createKnownDevicesRepository(db: Kysely<Database>) {
  return {
    /** Which of `hashes` the account was seen with since `since`. */
    async seenSince(userId: string, hashes: string[], since: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('known_devices')
        .select('device_hash')
        .where('user_id', '=', userId)
        .where('device_hash', 'in', hashes)
        .where('last_seen_at', '>=', since)
        .execute();
      return new Set(rows.map((row) => row.device_hash));
    },

    async touch(userId: string, hashes: string[], now: number, executor: Executor = db): Promise<void> {
      await executor
        .insertInto('known_devices')
        .values(hashes.map((device_hash) => ({ user_id: userId, device_hash, last_seen_at: now })))
        .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doUpdateSet({ last_seen_at: now }))
        .execute();
    },

    /** Retention: devices past the alert's memory are forgotten. */
    async deleteOlderThan(before: number, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('known_devices').where('last_seen_at', '<', before).execute();
    },

    async deleteForUser(userId: string, trx: Executor = db): Promise<void> {
      await trx.deleteFrom('known_devices').where('user_id', '=', userId).execute();
    },
  };
}

export type KnownDevicesRepository = ReturnType<typeof createKnownDevicesRepository>;
