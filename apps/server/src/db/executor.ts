import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * What a repository method runs on: the database, or a transaction a service opened so that one
 * change spanning several modules (a settlement, an account deletion) is all or nothing.
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Runs `work` in the given transaction, or in a new one when given the database itself. */
export async function inTransaction<T>(executor: Executor, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (executor.isTransaction) return work(executor as Transaction<Database>);
  return executor.transaction().execute(work);
}
