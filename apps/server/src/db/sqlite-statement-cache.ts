import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and SQLite then parses and plans
 * the same text again each time. This hands Kysely a database whose `prepare` returns the already
 * prepared statement for a SQL text it has seen (bounded, least recently used out). Safe because
 * a statement is bound with fresh parameters on every run and better-sqlite3 runs it to completion
 * synchronously; the one exception, a statement still being iterated (`busy`), gets a fresh one.
 * SQLite re-prepares a cached statement by itself if the schema changes under it.
 */
export function withStatementCache(database: SqliteDatabase, maxStatements = 500) {
  const statements = new LRUCache<string, Statement>({ max: maxStatements });
  return {
    prepare(sql: string): Statement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = database.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
