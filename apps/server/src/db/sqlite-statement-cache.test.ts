import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('withStatementCache', () => {
  it('prepares a SQL text once and reuses the statement with fresh parameters', () => {
    const database = new SQLite(':memory:');
    const prepare = database.prepare.bind(database);
    let prepared = 0;
    database.prepare = ((sql: string) => {
      prepared += 1;
      return prepare(sql);
    }) as typeof database.prepare;
    const cached = withStatementCache(database);
    cached.prepare('create table t (id integer primary key, name text)').run();
    for (const name of ['ada', 'grace', 'alan']) cached.prepare('insert into t (name) values (?)').run(name);
    const names = ['ada', 'grace', 'alan'].map((name) => cached.prepare('select id from t where name = ?').get(name));
    expect(names).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(prepared).toBe(3);
    cached.close();
  });

  it('hands out a fresh statement while the cached one is still being iterated', () => {
    const cached = withStatementCache(new SQLite(':memory:'));
    cached.prepare('create table t (n integer)').run();
    for (const n of [1, 2, 3]) cached.prepare('insert into t (n) values (?)').run(n);
    const seen: number[] = [];
    for (const row of cached.prepare('select n from t order by n').iterate() as Iterable<{ n: number }>) {
      seen.push(row.n, ...(cached.prepare('select n from t order by n').all() as Array<{ n: number }>).map((inner) => inner.n));
    }
    expect(seen).toEqual([1, 1, 2, 3, 2, 1, 2, 3, 3, 1, 2, 3]);
    cached.close();
  });

  it('keeps at most the given number of statements', () => {
    const cached = withStatementCache(new SQLite(':memory:'), 2);
    const first = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(first);
    cached.close();
  });
});
