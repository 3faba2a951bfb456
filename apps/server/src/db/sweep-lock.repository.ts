import { sql } from 'kysely';
import type { DialectName } from './database';
import type { Executor } from './executor';

/**
 * Who runs a fleet-wide sweep: on PostgreSQL whoever takes the transaction-level advisory lock
 * `lockId` (released with the transaction); on SQLite, a single writer, always the caller.
 */
export async function takeSweepLock(trx: Executor, dialect: DialectName, lockId: number): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${sql.lit(lockId)}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
