import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How often a live instance says so, and after how long without a word it counts as dead. */
export const HEARTBEAT_MS = 2_000;
export const DEAD_AFTER_MS = 10_000;

/**
 * This process among the instances sharing the database. Work it holds (quota reservations,
 * idempotency keys in progress) carries its id; when its heartbeat stops (kill -9, a lost
 * machine), any other instance, or this one's successor, releases that work.
 */
export function createInstanceRegistry(db: Kysely<Database>, now: () => number) {
  const id = randomUUID();
  const startedAt = now();

  return {
    id,

    async heartbeat(): Promise<void> {
      const at = now();
      await db
        .insertInto('instances')
        .values({ id, started_at: startedAt, heartbeat_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: at }))
        .execute();
    },

    /** Instances heard from since this time are alive. */
    aliveSince: () => now() - DEAD_AFTER_MS,

    async isAlive(instanceId: string): Promise<boolean> {
      if (instanceId === id) return true;
      const row = await db.selectFrom('instances').select('heartbeat_at').where('id', '=', instanceId).executeTakeFirst();
      return row !== undefined && Number(row.heartbeat_at) >= now() - DEAD_AFTER_MS;
    },

    /** Forgets instances long dead (their work was released first). */
    async pruneDead(): Promise<void> {
      await db.deleteFrom('instances').where('heartbeat_at', '<', now() - 10 * DEAD_AFTER_MS).execute();
    },

    /** A clean exit: other instances need not wait for the heartbeat to stop. */
    async leave(): Promise<void> {
      await db.deleteFrom('instances').where('id', '=', id).execute();
    },
  };
}

export type InstanceRegistry = ReturnType<typeof createInstanceRegistry>;
