import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';

/*
 * Giving SQLite's free pages back to the file system (issue 32 row 5: retention deleted the uploads
 * of finished jobs and the file stayed at 434 MB until a manual VACUUM brought it to 60 MB).
 *
 * SQLite keeps the pages of deleted rows in the file for its next writes. With auto_vacuum=INCREMENTAL
 * the file remembers where they are, and `PRAGMA incremental_vacuum` truncates them off the end, a
 * chunk at a time (no full VACUUM: no copy of the database, no long exclusive lock). PostgreSQL needs
 * nothing of ours: autovacuum marks the dead rows' space reusable for the table's next rows; the
 * files shrink only under VACUUM FULL, which an operator runs if ever (see docs/operations).
 */

/** auto_vacuum's value for INCREMENTAL. */
const INCREMENTAL = 2;
/** Pages freed per statement (4 KiB each: 8 MB); the event loop gets a turn between chunks. */
const CHUNK_PAGES = 2_000;
/** Reclaimed only when at least this share of the file is free: a little free space is kept for writes. */
const WORTH_RECLAIMING = 0.2;

/**
 * Before the first table: a new file is created incremental. A file from before this change is
 * converted once with a VACUUM (a full copy: one-off, at start, before the server listens).
 */
export function useIncrementalVacuum(sqlite: SQLite.Database): void {
  if (sqlite.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return;
  sqlite.pragma('auto_vacuum = INCREMENTAL');
  sqlite.exec('VACUUM');
}

/**
 * Truncates the free pages off the file when they are a good share of it; returns how many went.
 * Through better-sqlite3's `exec`: the pragma frees one page per step, and a prepared statement's
 * `run` (what Kysely calls) steps once.
 */
export async function reclaimFreePages(sqlite: SQLite.Database): Promise<number> {
  const free = () => Number(sqlite.pragma('freelist_count', { simple: true }));
  const before = free();
  if (before === 0 || before < Number(sqlite.pragma('page_count', { simple: true })) * WORTH_RECLAIMING) return 0;
  for (let left = before; left > 0; left -= CHUNK_PAGES) {
    sqlite.exec(`PRAGMA incremental_vacuum(${CHUNK_PAGES})`);
    await nextTurn();
  }
  return before - free();
}
