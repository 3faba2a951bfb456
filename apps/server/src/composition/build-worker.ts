import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config';
import type { BuildOptions } from '../platform/app-module';
import type { Lifecycle } from '../platform/lifecycle';
import type { Retention } from '../platform/retention';
import { openAppContext } from './app-database';
import { APP_MODULES, WORKER_ROOTS } from './app-modules';
import { composeModules, modulesNeededBy } from './compose-modules';

/** A worker process: what bulk jobs need, and no HTTP at all. */
export interface WorkerApp {
  log: FastifyBaseLogger;
  lifecycle: Lifecycle;
  /** The active describer, for the start-up line. */
  altTextProvider: string;
  /** The modules it built, in start order. */
  moduleOrder: readonly string[];
  /** Items in flight settle and are committed, the modules stop in reverse, the database closes. */
  close(): Promise<void>;
}

/**
 * The retention sweep is the API servers': it runs on one instance at a time, and a worker, which
 * builds only the jobs' modules, would hold the sweep's lock while deleting only their tables.
 */
const NO_SWEEP: Retention = { add: () => undefined, run: async () => false };

export async function buildWorker(config: Config, options: BuildOptions = {}): Promise<WorkerApp> {
  const logger = pino({ level: config.logLevel });
  const { ctx, closeDatabase } = await openAppContext(config, options, { current: logger });
  const modules = await composeModules(modulesNeededBy(APP_MODULES, WORKER_ROOTS), { ctx, logger, retention: NO_SWEEP, options }).catch(
    async (error: unknown) => {
      await closeDatabase();
      throw error;
    },
  );
  let closing: Promise<void> | undefined;
  return {
    log: logger,
    lifecycle: modules.get('lifecycle'),
    altTextProvider: modules.get('altText').vision.label,
    moduleOrder: modules.order,
    close: () =>
      (closing ??= (async () => {
        try {
          await modules.stop();
        } finally {
          await closeDatabase();
        }
      })()),
  };
}
