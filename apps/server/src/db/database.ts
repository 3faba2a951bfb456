import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import type { DatabaseIntrospector } from 'kysely';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index';
import { queryDeadline } from './query-deadline';
import type { Database } from './schema';
import { reclaimFreePages, useIncrementalVacuum } from './sqlite-free-space';
import { withStatementCache } from './sqlite-statement-cache';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /** After large deletions: SQLite gives its free pages back to the file system (sqlite-free-space.ts); PostgreSQL's autovacuum needs nothing (0). */
  reclaimFreePages(): Promise<number>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL only; defaults suit tests and one-off scripts. */
  pool?: {
    size?: number;
    connectTimeoutMs?: number;
    statementTimeoutMs?: number;
    /** Shown in pg_stat_activity, so an operator can tell the instances apart. */
    applicationName?: string;
    /** Told when a connection is lost (PostgreSQL closed it, a deadline destroyed it); the pool replaces it. */
    onConnectionError?: (error: Error) => void;
  };
}

// PostgreSQL returns bigint and numeric as strings; our values (epoch ms, counts, averages) fit a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Thrown when a query gets no answer at all (a stalled network): the connection is destroyed. */
export class DatabaseTimeoutError extends Error {
  override name = 'DatabaseTimeoutError';
}

/** When the caller asked the pool for this client (set on checkout, read by its first query). */
const ASKED_AT = Symbol('askedAt');
type CheckedOut = pg.PoolClient & { [ASKED_AT]?: number };

/**
 * A client-side deadline on every query, a little beyond the server's statement_timeout: that one
 * cannot fire when the server never sees the query (a stalled proxy or network). On expiry the
 * socket is destroyed, so the query fails at once, an open transaction dies with its connection
 * (PostgreSQL rolls it back) and the pool discards the client instead of reusing it.
 *
 * The first query after a checkout shares its deadline with the wait for the connection (issue 20
 * row 4): a request that queued for a busy pool and then met a stalled database would otherwise
 * answer its 503 after the wait plus the whole deadline, past the bound docs/operations.md ("Health") promises.
 */
function guardQueries(client: CheckedOut, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const pending = query(...args);
    if (!(pending instanceof Promise)) return pending;
    const since = client[ASKED_AT] ?? performance.now();
    client[ASKED_AT] = undefined;
    const until = Math.min(since + timeoutMs, queryDeadline() ?? Infinity);
    const timer = setTimeout(
      () => {
        const stream = (client as unknown as { connection?: { stream?: { destroy(error?: Error): void } } }).connection?.stream;
        stream?.destroy(new DatabaseTimeoutError(`database query got no answer in ${timeoutMs} ms`));
      },
      Math.max(0, until - performance.now()),
    );
    return pending.finally(() => clearTimeout(timer));
  };
}

/**
 * Notes on each client handed out when it was asked for (promise form: Kysely's; pg's own callback
 * form untouched). Within a query deadline (query-deadline.ts) the wait for a connection ends at
 * that deadline too; a connection that comes later goes back to the pool unused.
 */
function stampCheckouts(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<CheckedOut> | undefined;
  (pool as { connect: unknown }).connect = (callback?: unknown) => {
    if (callback) return connect(callback);
    const askedAt = performance.now();
    const stamp = (client: CheckedOut) => {
      client[ASKED_AT] = askedAt;
      return client;
    };
    const deadlineAt = queryDeadline();
    const pending = connect()!;
    if (deadlineAt === undefined) return pending.then(stamp);
    return new Promise<CheckedOut>((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(new DatabaseTimeoutError('no database connection came before the deadline'));
      }, Math.max(0, deadlineAt - askedAt));
      pending.then(
        (client) => {
          if (late) return client.release();
          clearTimeout(timer);
          resolve(stamp(client));
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (!late) reject(error);
        },
      );
    });
  };
}

/** How long a query may go without any answer (a stalled network): statement_timeout and 2 s more. */
export const answerDeadlineMs = (statementTimeoutMs: number) => statementTimeoutMs + 2_000;

function openPostgres(url: string, options: NonNullable<DatabaseOptions['pool']>): DatabaseHandle {
  const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
  // No answer at all: the query is abandoned this long after it was sent, or its connection asked for.
  const deadlineMs = answerDeadlineMs(statementTimeoutMs);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.size ?? 10,
    // Waiting for a pool slot and connecting fit in the deadline too.
    connectionTimeoutMillis: Math.min(options.connectTimeoutMs ?? 5_000, deadlineMs),
    application_name: options.applicationName ?? 'altwise',
    statement_timeout: statementTimeoutMs,
    // A transaction left open by a client that vanished must not hold its row locks for long.
    idle_in_transaction_session_timeout: statementTimeoutMs * 2,
    keepAlive: true,
  });
  // Without a listener, PostgreSQL closing an idle connection (a restart, pg_terminate_backend,
  // a proxy's idle timeout) is an unhandled 'error' event that kills the process. The pool drops
  // that client; the next query gets a new connection. The client's own listener below has told of it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    guardQueries(client, deadlineMs);
    // Every lost connection, told once: idle (the pool drops it right after this listener) or
    // checked out (its query fails, the caller sees that error, and the pool discards it on release).
    client.on('error', (error) => options.onConnectionError?.(error));
  });
  stampCheckouts(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy(), reclaimFreePages: async () => 0 };
}

/** The only place that picks a dialect: PostgreSQL for a postgres:// URL, else SQLite in dataDir. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pool ?? {});
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, 'altwise.db'));
  useIncrementalVacuum(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), reclaimFreePages: () => reclaimFreePages(sqlite) };
}

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);

/**
 * Whether an error means "the database cannot be reached or did not answer in time", as opposed to
 * a bug or a constraint: connection failures, timeouts, PostgreSQL shutting down or refusing
 * connections (SQLSTATE classes 08 and 57, 53300 too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseTimeoutError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    if (/^(08|57)/.test(code) || code === '53300') return true;
  }
  return /timeout exceeded when trying to connect|Connection terminated|connection timeout|got no answer/i.test(error.message);
}

/** Runs `select 1` with its own deadline: readiness must answer even when the database does not. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName): Promise<void> {
  const { error, results } = await (await createMigrator(db, dialect)).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Migrates the database a server opened. On PostgreSQL the migrations run on a connection of their
 * own, without the request path's statement_timeout and query deadline: a migration that adds an
 * index or backfills a large table may rightly take longer than any request (a test fleet's 2 s
 * timeout cancelled one on a loaded machine; an operator's 10 s default would cancel a big backfill).
 */
export async function migrateDatabase(handle: DatabaseHandle, databaseUrl: string | null): Promise<void> {
  if (handle.dialect !== 'postgres' || !databaseUrl) return migrateToLatest(handle.db, handle.dialect);
  // The database answered waitForDatabase just before: connecting is bounded, the statements are not.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'altwise-migrations', connectionTimeoutMillis: 10_000, keepAlive: true });
  // A connection PostgreSQL closes while idle must not be an unhandled 'error' event; the migration's
  // own query fails instead.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, 'postgres');
  } finally {
    await db.destroy();
  }
}

/** The migrator of our migrations; on PostgreSQL it keeps to the schema it migrates. */
export async function createMigrator<DB>(db: Kysely<DB>, dialect: DialectName): Promise<Migrator> {
  // On PostgreSQL, keep Kysely's bookkeeping tables in the schema we migrate (the first of the
  // search_path); otherwise it may find another schema's tables and skip creating its own.
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const provider = { getMigrations: async () => migrations };
  return schema
    ? new Migrator({ db: withIntrospectionOf(db, schema), provider, migrationTableSchema: schema })
    : new Migrator({ db, provider });
}

/**
 * The database as the migrator sees it, its introspection limited to one schema. Kysely's own lists
 * every table of every schema and looks each up by name (pg_get_serial_sequence), so a schema
 * dropped meanwhile by anyone else sharing the database failed our migration ("schema … does not
 * exist"); the migrator only asks whether its schema and its two bookkeeping tables exist.
 */
function withIntrospectionOf<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const rows = await sql<{ name: string }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db);
      return rows.rows;
    },
    async getTables() {
      const rows = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.rows.map((row) => ({ name: row.name, schema, isView: false, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they must run on the instance itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Where a database URL points, for messages (never the password). */
function describeTarget(databaseUrl: string | null): string {
  if (!databaseUrl) return 'the SQLite file';
  try {
    const url = new URL(databaseUrl);
    return `PostgreSQL at ${url.hostname}:${url.port || '5432'}`;
  } catch {
    return 'PostgreSQL';
  }
}

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/**
 * At start, a database that is not up yet (a fresh container, a failover) is waited for with
 * backoff, up to `timeoutMs`; then one clear line names the host and the variable to check.
 */
export async function waitForDatabase(db: Kysely<Database>, timeoutMs: number, databaseUrl: string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 250;
  for (;;) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message || (error as { code?: string }).code || error.name : String(error);
      if (Date.now() + delay > deadline) {
        throw new DatabaseUnreachableError(
          `Cannot reach ${describeTarget(databaseUrl)} after ${Math.round(timeoutMs / 1000)} s (${reason}); check DATABASE_URL`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 4_000);
    }
  }
}
