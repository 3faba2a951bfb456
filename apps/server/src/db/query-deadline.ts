import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A deadline shared by every database wait of one piece of work: the wait for a pool connection and
 * each query. Without it each wait had its own (issue 32 row 3): a request that queued behind its
 * account's admission, then for a connection, then for its statement answered a stalled database's
 * 503 after the sum of them, past the bound docs/operations.md ("Health") promises.
 * Times are performance.now() milliseconds.
 */
const scope = new AsyncLocalStorage<number>();

export function withQueryDeadline<T>(deadlineAt: number, work: () => Promise<T>): Promise<T> {
  return scope.run(deadlineAt, work);
}

/** The deadline of the work this is called from, if it has one. */
export function queryDeadline(): number | undefined {
  return scope.getStore();
}
