// The dispatcher's due-items read (issue 32 row 1): every process runs it every half second, so it
// must read what it dispatches, not the backlog. Before, it numbered every pending item of every
// account (1.4 s at 100,000 items). Checked here by the plan of every statement it runs, not by a
// clock: on SQLite each read of job_items goes through one of the two partial indexes of migration
// 0025 (no other index, no scan); on PostgreSQL EXPLAIN ANALYZE counts the job_items rows each
// statement reads, which must stay within a few windows however long the backlog. And the order is
// still the fair one: accounts take turns, an account's items in flight count against its turn.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import type { TestServer } from '../../../test/support/test-server';
import { DATABASES, startTestServer } from '../../../test/support/test-server';
import { createJobsRepository } from './jobs.repository';

const NOW = 1_800_000_000_000;
const ALIVE_SINCE = NOW - 30_000;
const WINDOW = 64;
const BACKLOG = 20_000;

function job(id: string, userId: string, createdAt: number, extra: Record<string, unknown> = {}) {
  return { id, user_id: userId, api_key_id: null, status: 'running', total: 0, options: '{}', columns: '[]', row_errors: '[]', webhook_url: null, created_at: createdAt, started_at: null, finished_at: null, waiting_until: null, progress_sent_at: null, ...extra };
}

function items(jobId: string, count: number, each: (idx: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: count }, (_, idx) => ({ job_id: jobId, idx, image_url: `https://images.example/${jobId}/${idx}.png`, context: null, client_id: null, columns: null, status: 'pending', next_attempt_at: 0, dispatch: 'live', lease_owner: null, lease_renewed_at: null, duplicate_of: null, finished_at: null, ...each(idx) }));
}

async function insertItems(db: Kysely<Database>, rows: Array<Record<string, unknown>>) {
  for (let at = 0; at < rows.length; at += 500) await db.insertInto('job_items').values(rows.slice(at, at + 500) as never).execute();
}

/**
 * Account A: an old job of BACKLOG items whose first 1,000 are done, 3 of the next in flight (a live
 * instance), then items due later, economy items and known duplicates, none of them due; a newer job.
 * Account B: one job of 5, with 1 item held by a dead instance (due again). Account C: a job waiting
 * for quota. Account D: a cancelled job.
 */
async function seed(db: Kysely<Database>) {
  await db.insertInto('instances').values([{ id: 'me', started_at: NOW - 60_000, heartbeat_at: NOW }, { id: 'other', started_at: NOW - 60_000, heartbeat_at: NOW }, { id: 'dead', started_at: NOW - 600_000, heartbeat_at: NOW - 300_000 }]).execute();
  await db.insertInto('jobs').values([job('a1', 'A', 1), job('a2', 'A', 5), job('b1', 'B', 2), job('c1', 'C', 3, { waiting_until: NOW + 60_000 }), job('d1', 'D', 4, { status: 'cancelled' })] as never).execute();
  await insertItems(db, items('a1', BACKLOG, (idx) => {
    if (idx < 1_000) return { status: 'succeeded', finished_at: NOW - 1 };
    if (idx < 1_003) return { lease_owner: 'other', lease_renewed_at: NOW - 1 };
    if (idx < 1_010) return { next_attempt_at: NOW + 60_000 };
    if (idx < 1_020) return { dispatch: 'batch' };
    if (idx < 1_030) return { duplicate_of: 1_000 };
    return {};
  }));
  await insertItems(db, items('a2', 10));
  await insertItems(db, items('b1', 5, (idx) => (idx === 0 ? { lease_owner: 'dead', lease_renewed_at: NOW - 300_000 } : {})));
  await insertItems(db, items('c1', 10));
  await insertItems(db, items('d1', 10));
  await sql`analyze`.execute(db);
}

/** What `due` must answer: B's 5 items from rank 1, A's from rank 4 (3 in flight), by turn then age. */
function expected(limit: number) {
  const b = [0, 1, 2, 3, 4].map((idx, turn) => ({ jobId: 'b1', idx, rank: turn + 1, leaseOwner: idx === 0 ? 'dead' : null }));
  const a = Array.from({ length: limit }, (_, turn) => ({ jobId: 'a1', idx: 1_030 + turn, rank: turn + 4, leaseOwner: null }));
  return [...a, ...b].sort((x, y) => x.rank - y.rank || (x.jobId === 'a1' ? -1 : 1) - (y.jobId === 'a1' ? -1 : 1) || x.idx - y.idx).slice(0, limit);
}

describe.each(DATABASES)('due items, a backlog of %s', (database) => {
  let server: TestServer;
  let logged: CompiledQuery[];
  let db: Kysely<Database>;
  let explain: (query: CompiledQuery) => Promise<{ viaOtherPath: string[]; rowsRead: number }>;

  beforeAll(async () => {
    server = await startTestServer(database, { WORKERS: 'none' });
    await seed(server.app.db);
    logged = [];
    if (database === 'sqlite') {
      const file = new SQLite(path.join(server.dataDir, 'altwise.db'));
      db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), log: (event) => void logged.push(event.query) });
      explain = async (query) => {
        const plan = file.prepare(`explain query plan ${query.sql}`).all(...(query.parameters as unknown[])) as Array<{ detail: string }>;
        // Every read of a table that is not instances or jobs (under any alias) nor a subquery's rows.
        const reads = plan.map((row) => row.detail).filter((detail) => /^(SCAN|SEARCH) /.test(detail) && !/^(SCAN|SEARCH) (instances|jobs|j|fj|d|busy|CONSTANT ROW)\b/.test(detail));
        return { viaOtherPath: reads.filter((detail) => !/^SEARCH job_items USING (COVERING )?INDEX job_items_(dispatchable|leased)_idx/.test(detail)), rowsRead: 0 };
      };
    } else {
      const pool = new pg.Pool({ connectionString: server.databaseUrl!, max: 2 });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void logged.push(event.query) });
      explain = async (query) => {
        const { rows } = await pool.query(`explain (analyze, format json) ${query.sql}`, query.parameters as unknown[]);
        let rowsRead = 0;
        const walk = (node: Record<string, unknown>) => {
          if (node['Relation Name'] === 'job_items') rowsRead += (Number(node['Actual Rows']) + Number(node['Rows Removed by Filter'] ?? 0) + Number(node['Rows Removed by Index Recheck'] ?? 0)) * Number(node['Actual Loops'] ?? 1);
          for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
        };
        walk((rows[0] as { 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> })['QUERY PLAN'][0]!.Plan);
        return { viaOtherPath: [], rowsRead };
      };
    }
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await server?.close();
  });

  it('answers the fair order: turns across accounts, items in flight counted, nothing that is not due', async () => {
    const due = await createJobsRepository(db).due('me', ALIVE_SINCE, NOW, WINDOW);
    expect(due.map(({ jobId, idx, rank, leaseOwner }) => ({ jobId, idx, rank, leaseOwner }))).toEqual(expected(WINDOW));
    expect(due.every((item) => item.userId === (item.jobId === 'a1' ? 'A' : 'B'))).toBe(true);
  });

  it('reads what it dispatches, not the backlog', async () => {
    logged.length = 0;
    await createJobsRepository(db).due('me', ALIVE_SINCE, NOW, WINDOW);
    const reads = logged.filter((query) => /"job_items"/.test(query.sql));
    // (The old single statement read it too: "job_items" as "i".)
    expect(reads.length).toBeGreaterThan(0);
    for (const query of reads) {
      const { viaOtherPath, rowsRead } = await explain(query);
      expect(viaOtherPath).toEqual([]);
      // A window per account, and what sits between (in flight, due later): never the backlog.
      expect(rowsRead).toBeLessThanOrEqual(4 * WINDOW);
    }
  });

  // Last: it takes leases. The dispatcher reads again at once only when `more` says it could find something.
  it('says whether a claim right after could take more: only when the due items filled the limit and every account had room', async () => {
    const repository = createJobsRepository(db);
    // B's three first turns fill the limit of 3 and are all taken: a taker may have won some of them.
    const filled = await repository.claim('me', ALIVE_SINCE, NOW, 3, () => 3);
    expect(filled.items.map(({ jobId, idx }) => `${jobId}:${idx}`)).toEqual(['b1:0', 'b1:1', 'b1:2']);
    expect(filled.more).toBe(true);
    // A has no room here: its items are left, and the next read would offer the same ones.
    const roomless = await repository.claim('me', ALIVE_SINCE, NOW, WINDOW, (userId) => (userId === 'A' ? 0 : WINDOW));
    expect(roomless.items.map(({ jobId, idx }) => `${jobId}:${idx}`)).toEqual(['b1:3', 'b1:4']);
    expect(roomless.more).toBe(false);
  });
});
