// What every entry point (server, worker, admin) does around its work: read the configuration or
// exit with one line naming the bad variable, build the app or exit with one line naming the
// unreachable database, and drain on SIGTERM/SIGINT within SHUTDOWN_TIMEOUT_MS.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { buildWorker } from './composition/build-worker';
import type { WorkerApp } from './composition/build-worker';
import type { Config } from './config';
import { ConfigError, loadConfig } from './config';
import { DatabaseUnreachableError } from './db/database';
import { LegalFileError } from './modules/legal';

/** An error of one of the `expected` types is printed as its one line and the process exits 1. */
function exitOnExpected(error: unknown, expected: Array<new (...args: never[]) => Error>): never {
  if (!expected.some((type) => error instanceof type)) throw error;
  console.error((error as Error).message);
  process.exit(1);
}

export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    return exitOnExpected(error, [ConfigError]);
  }
}

export async function buildAppOrExit(config: Config): Promise<FastifyInstance> {
  try {
    return await buildApp(config);
  } catch (error) {
    return exitOnExpected(error, [DatabaseUnreachableError, LegalFileError]);
  }
}

export async function buildWorkerOrExit(config: Config): Promise<WorkerApp> {
  try {
    return await buildWorker(config);
  } catch (error) {
    return exitOnExpected(error, [DatabaseUnreachableError]);
  }
}

/** What a drain needs of a process, an API server's or a worker's. */
export interface Drainable {
  log: FastifyBaseLogger;
  lifecycle: Pick<FastifyInstance['lifecycle'], 'beginDrain' | 'releaseAll'>;
  close(): Promise<unknown>;
}

/**
 * SIGTERM/SIGINT: readiness turns 503 first and, for `readinessGraceMs`, the instance still serves
 * while load balancers notice; then it closes (the listener stops, work in flight finishes). At
 * SHUTDOWN_TIMEOUT_MS whatever still runs is released as if the process had been killed (its
 * reserved units refunded), and the process exits.
 */
export function drainOnSignals(app: Drainable, config: Config, readinessGraceMs: number): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, drainMs: config.shutdownTimeoutMs }, 'shutting down');
      app.lifecycle.beginDrain();
      const deadline = setTimeout(() => {
        app.log.warn('drain deadline passed: releasing unfinished work and exiting');
        app.lifecycle.releaseAll().then(
          () => process.exit(0),
          (error) => {
            app.log.error(error, 'could not release unfinished work; reconciliation on another instance will');
            process.exit(1);
          },
        );
      }, config.shutdownTimeoutMs);
      new Promise((resolve) => setTimeout(resolve, readinessGraceMs))
        .then(() => app.close())
        .then(
          () => {
            clearTimeout(deadline);
            process.exit(0);
          },
          (error) => {
            app.log.error(error, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }
}
