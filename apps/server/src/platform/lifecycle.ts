import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pingDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { Retention } from './retention';

/** Readiness answers within this, whatever the database does. */
const READINESS_TIMEOUT_MS = 2_000;
const RETENTION_EVERY_MS = 60 * 60 * 1000;

/**
 * The instance's life beside its requests: the periodic reconciliation (heartbeat, abandoned
 * reservations), retention, readiness, and the shutdown sequence main.ts drives: drain (readiness
 * turns 503 first), then release whatever is still running as if the process had been killed.
 */
export function createLifecycle(deps: {
  db: Kysely<Database>;
  metering: { reconcile(): Promise<number>; releaseAll(): Promise<void> };
  /** Its heartbeat is written by `metering.reconcile`, every `heartbeatEveryMs`. */
  instance: { leave(): Promise<void>; heartbeatEveryMs: number };
  retention: Retention;
  logger: FastifyBaseLogger;
}) {
  let draining = false;
  const timers: NodeJS.Timeout[] = [];
  let reconciling = false;

  async function reconcile(): Promise<void> {
    if (reconciling) return;
    reconciling = true;
    try {
      const released = await deps.metering.reconcile();
      if (released > 0) deps.logger.warn({ released }, 'released quota reservations of requests that cannot finish');
    } catch (error) {
      deps.logger.warn({ err: error }, 'reconciliation failed; retrying');
    } finally {
      reconciling = false;
    }
  }

  async function sweep(): Promise<void> {
    try {
      await deps.retention.run();
    } catch (error) {
      deps.logger.warn({ err: error }, 'retention failed; retrying at the next interval');
    }
  }

  return {
    /** Starts the periodic work; timers never keep the process alive. */
    start(): void {
      void reconcile();
      timers.push(setInterval(() => void reconcile(), deps.instance.heartbeatEveryMs).unref());
      timers.push(setTimeout(() => void sweep(), 30_000).unref());
      timers.push(setInterval(() => void sweep(), RETENTION_EVERY_MS).unref());
    },
    reconcile,
    /** The retention sweep now (tests; it also runs hourly). False when another instance holds it. */
    sweep: () => deps.retention.run(),
    async ready(): Promise<boolean> {
      return !draining && (await pingDatabase(deps.db, READINESS_TIMEOUT_MS));
    },
    /** Readiness says 503 from now on, so load balancers stop sending work here. */
    beginDrain(): void {
      draining = true;
    },
    get draining() {
      return draining;
    },
    stopBackgroundWork(): void {
      for (const timer of timers) clearInterval(timer);
      timers.length = 0;
    },
    /** After the drain deadline: unsettled units are refunded, and the instance leaves. */
    async releaseAll(): Promise<void> {
      await deps.metering.releaseAll();
      await deps.instance.leave();
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

export function registerHealthRoutes(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (await lifecycle.ready()) return { status: 'ready' };
    return reply.status(503).send({ status: lifecycle.draining ? 'draining' : 'unavailable' });
  });
}
