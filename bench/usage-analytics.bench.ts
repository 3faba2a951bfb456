/**
 * GET /api/v1/usage?range=90d over an account with 1,000,000 usage events (SQLite), p50 of 30
 * sequential requests over real HTTP. The events are bulk-loaded in time order (as an append-only
 * log is written), then the hourly rollups are rebuilt from them, exactly what the usage recorder
 * would have written one event at a time.
 */
import { DAY_MS } from '@altwise/shared';
import { createUsageRepository } from '../apps/server/src/modules/usage/usage.repository';
import { registerUser, startTestServer } from '@altwise/server/test-support/test-server';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

const EVENTS = 1_000_000;
const OTHER_USERS = 20;
const OTHER_EVENTS = 100_000;
const DAYS = 90;
const CHUNK = 500;
const PER_TRANSACTION = 100_000;
const REQUESTS = 30;
const TARGET_MS = 150;

export async function benchUsageAnalytics(): Promise<BenchRow> {
  const server = await startTestServer('sqlite');
  const db = server.app.db;
  try {
    const { token, user } = await registerUser(server);
    const key = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body;

    // Spread over the last 90 days up to now, in time order; other accounts interleaved.
    const now = Date.now();
    const from = now - DAYS * DAY_MS;
    const total = EVENTS + OTHER_EVENTS;
    const everyOther = Math.round(total / OTHER_EVENTS);
    const row = (i: number) => {
      const mine = i % everyOther !== 0;
      const outcome = i % 23 === 0 ? 'error' : i % 37 === 0 ? 'throttled' : 'success';
      return {
        user_id: mine ? user.userId : `other-${i % OTHER_USERS}`,
        api_key_id: mine && i % 2 === 0 ? key.id : null,
        endpoint: i % 10 === 0 ? 'POST /api/v1/images/batch' : 'POST /api/v1/images',
        outcome,
        images: i % 10 === 0 ? 5 : 1,
        processing_ms: outcome === 'throttled' ? 0 : 200 + (i % 1800),
        cached: i % 4 === 0 ? 1 : 0,
        created_at: Math.floor(from + (i * (now - from)) / total),
      };
    };
    const seedStarted = performance.now();
    for (let start = 0; start < total; start += PER_TRANSACTION) {
      await db.transaction().execute(async (trx) => {
        const end = Math.min(total, start + PER_TRANSACTION);
        for (let chunk = start; chunk < end; chunk += CHUNK) {
          const rows = Array.from({ length: Math.min(CHUNK, end - chunk) }, (_, offset) => row(chunk + offset));
          await trx.insertInto('usage_events').values(rows).execute();
        }
      });
    }
    await createUsageRepository(db).rebuildRollups();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const mine = await db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();

    const get = async () => {
      const started = performance.now();
      const response = await server.request('GET', '/api/v1/usage?range=90d', { token });
      const ms = performance.now() - started;
      if (response.status !== 200 || response.body.series.buckets.length !== DAYS) throw new Error(`unexpected answer ${response.status}`);
      return { ms, body: response.body };
    };
    await get(); // warm-up: statement preparation, page cache
    const times: number[] = [];
    let last: any;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { ms, body } = await get();
      times.push(ms);
      last = body;
    }
    const p50Ms = percentile(times, 50);
    const p95Ms = percentile(times, 95);
    const charted = last.series.buckets.reduce((sum: number, b: any) => sum + b.success + b.error + b.throttled, 0);
    console.error(
      `usage analytics: ${Number(mine.count).toLocaleString('en')} events for the account (+${OTHER_EVENTS.toLocaleString('en')} others), ` +
        `seeded in ${seedSeconds.toFixed(1)} s; 90d series charts ${charted.toLocaleString('en')} images; p50 ${p50Ms.toFixed(1)} ms, p95 ${p95Ms.toFixed(1)} ms`,
    );
    return {
      name: `GET /api/v1/usage?range=90d, 1M events (SQLite, p95 ${p95Ms.toFixed(1)} ms)`,
      measured: Number(p50Ms.toFixed(2)),
      unit: 'ms',
      target: `p50 < ${TARGET_MS} ms`,
      pass: p50Ms < TARGET_MS,
    };
  } finally {
    await server.close();
  }
}
