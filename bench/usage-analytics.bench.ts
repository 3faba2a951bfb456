/**
 * GET /api/v1/usage?range=90d over an account with 1,000,000 usage events (SQLite), p50 of 30
 * sequential requests over real HTTP. The events are bulk-loaded in time order (as an append-only
 * log is written), then the hourly rollups are rebuilt from them, exactly what the usage recorder
 * would have written one event at a time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createUsageRepository } from '../apps/server/src/modules/usage/usage.repository';

const EVENTS = 1_000_000;
const OTHER_USERS = 20;
const OTHER_EVENTS = 100_000;
const DAYS = 90;
const CHUNK = 500;
const PER_TRANSACTION = 100_000;
const REQUESTS = 30;
const TARGET_MS = 150;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function benchUsageAnalytics() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-bench-usage-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ALT_PROVIDER: 'offline',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config);
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const post = async (url: string, body: unknown, token?: string) => {
      const response = await fetch(base + url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await response.json()) as any;
    };

    const { token, user } = await post('/api/auth/register', {
      firstName: 'Bench',
      lastName: 'Mark',
      email: 'bench@example.com',
      password: 'Bench-mark-2030',
    });
    const key = await post('/api/v1/api-keys', {}, token);

    // Spread over the last 90 days up to now, in time order; other accounts interleaved.
    const now = Date.now();
    const from = now - DAYS * 86_400_000;
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
      await app.db.transaction().execute(async (trx) => {
        const end = Math.min(total, start + PER_TRANSACTION);
        for (let chunk = start; chunk < end; chunk += CHUNK) {
          const rows = Array.from({ length: Math.min(CHUNK, end - chunk) }, (_, offset) => row(chunk + offset));
          await trx.insertInto('usage_events').values(rows).execute();
        }
      });
    }
    await createUsageRepository(app.db).rebuildRollups();
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const mine = await app.db
      .selectFrom('usage_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();

    const get = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/usage?range=90d`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as any;
      const ms = performance.now() - started;
      if (response.status !== 200 || body.series.buckets.length !== DAYS) throw new Error(`unexpected answer ${response.status}`);
      return { ms, body };
    };
    await get(); // warm-up: statement preparation, page cache
    const times: number[] = [];
    let last: any;
    for (let i = 0; i < REQUESTS; i += 1) {
      const { ms, body } = await get();
      times.push(ms);
      last = body;
    }
    times.sort((a, b) => a - b);
    const p50Ms = percentile(times, 50);
    const p95Ms = percentile(times, 95);
    const charted = last.series.buckets.reduce((sum: number, b: any) => sum + b.success + b.error + b.throttled, 0);
    console.error(
      `usage analytics: ${Number(mine.count).toLocaleString('en')} events for the account (+${OTHER_EVENTS.toLocaleString('en')} others), ` +
        `seeded in ${seedSeconds.toFixed(1)} s; 90d series charts ${charted.toLocaleString('en')} images; p50 ${p50Ms.toFixed(1)} ms, p95 ${p95Ms.toFixed(1)} ms`,
    );
    return {
      name: 'GET /api/v1/usage?range=90d, 1M events (SQLite)',
      measured: p50Ms,
      p50Ms,
      p95Ms,
      unit: 'ms',
      target: `p50 < ${TARGET_MS} ms`,
      pass: p50Ms < TARGET_MS,
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
