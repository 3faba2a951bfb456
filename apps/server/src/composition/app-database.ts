import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, waitForDatabase } from '../db/database';
import type { BuildOptions } from '../platform/app-module';
import type { AppContext } from '../platform/context';
import { deriveKeys, loadAppSecret } from '../platform/secrets';

/**
 * The database (waited for within DATABASE_START_TIMEOUT_MS, then migrated) and the context every
 * module is built from. The pool is made before the logger exists: `log` is read when a connection
 * fails, by which time it is set.
 */
export async function openAppContext(
  config: Config,
  options: BuildOptions,
  log: { current?: FastifyBaseLogger },
): Promise<{ ctx: AppContext; closeDatabase: () => Promise<void>; reclaimFreePages: () => Promise<number> }> {
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: {
      size: config.database.poolSize,
      connectTimeoutMs: config.database.connectTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
      applicationName: options.applicationName ?? 'altwise',
      onConnectionError: (error) => log.current?.warn({ err: error }, 'lost a database connection; the pool replaces it'),
    },
  });
  try {
    await waitForDatabase(database.db, config.database.startTimeoutMs, config.databaseUrl);
    await migrateDatabase(database, config.databaseUrl);
    const ctx: AppContext = {
      config,
      db: database.db,
      dialect: database.dialect,
      keys: deriveKeys(loadAppSecret(config.appSecret, config.dataDir)),
      now: options.now ?? Date.now,
    };
    return { ctx, closeDatabase: () => database.destroy(), reclaimFreePages: () => database.reclaimFreePages() };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
