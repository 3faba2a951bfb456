// Two instances tick the scheduler at the same moment over one database: each due monitor gets
// exactly one run, and its next time moves on once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { migrateToLatest, openDatabase } from '../../db/database';
import { createPostgresSchema, DATABASES } from '../../../test/support/test-server';
import { createMonitorRepository } from './monitor.repository';
import { createMonitorScheduler } from './monitor-scheduler';

const MONITORS = 12;
const DAY = 24 * 60 * 60 * 1000;

for (const database of DATABASES) {
  describe(`monitor schedules across instances (${database})`, () => {
    const handles: DatabaseHandle[] = [];
    let drop: (() => Promise<void>) | undefined;
    afterEach(async () => {
      for (const handle of handles.splice(0)) await handle.destroy();
      await drop?.();
    });

    it('starts each due run once, whichever instance gets there first', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-monitor-schedule-'));
      const schema = database === 'postgres' ? await createPostgresSchema(process.env.TEST_DATABASE_URL!) : null;
      drop = schema?.drop;
      // PostgreSQL: two instances, two pools. SQLite runs one instance (a single writer): two schedulers share its handle.
      for (let index = 0; index < (schema ? 2 : 1); index += 1) handles.push(openDatabase({ databaseUrl: schema?.url ?? null, dataDir }));
      await migrateToLatest(handles[0]!.db, handles[0]!.dialect);
      const db = handles[0]!.db;
      await db.insertInto('users').values({ id: 'u1', email: 'a@example.com', password_hash: 'x', first_name: 'A', last_name: 'B', plan: 'free', status: 'active', created_at: 1, updated_at: 1 }).execute();
      for (let index = 0; index < MONITORS; index += 1) {
        await db
          .insertInto('monitors')
          .values({ id: `m${index}`, user_id: 'u1', url: 'https://example.com/', schedule: index % 2 ? 'daily' : '0 6 * * *', max_pages: 10, include: null, exclude: null, next_run_at: 1_000, created_at: 0, updated_at: 0 })
          .execute();
      }
      const now = () => 2_000;
      const [a, b] = [handles[0]!, handles.at(-1)!].map((handle) => createMonitorScheduler(createMonitorRepository(handle.db), now));
      const started = await Promise.all([a!.tick(), b!.tick(), a!.tick(), b!.tick()]);
      expect(started.reduce((sum, count) => sum + count, 0)).toBe(MONITORS);

      const runs = await db.selectFrom('monitor_runs').select(['monitor_id', 'number', 'trigger']).execute();
      expect(runs).toHaveLength(MONITORS);
      expect(new Set(runs.map((run) => run.monitor_id)).size).toBe(MONITORS);
      expect(runs.every((run) => run.number === 1 && run.trigger === 'schedule')).toBe(true);
      const next = await db.selectFrom('monitors').select(['id', 'next_run_at']).orderBy('id').execute();
      expect(next.find((row) => row.id === 'm1')!.next_run_at).toBe(2_000 + DAY);
      // 06:00 UTC on the first day of 1970, after 00:00:02.
      expect(next.find((row) => row.id === 'm0')!.next_run_at).toBe(6 * 60 * 60 * 1000);
      // Not due again: nothing more starts.
      expect(await a!.tick()).toBe(0);
    });

    it("records a scheduled run the plan refuses as failed, never queued", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-monitor-refused-'));
      const schema = database === 'postgres' ? await createPostgresSchema(process.env.TEST_DATABASE_URL!) : null;
      drop = schema?.drop;
      handles.push(openDatabase({ databaseUrl: schema?.url ?? null, dataDir }));
      const db = handles[0]!.db;
      await migrateToLatest(db, handles[0]!.dialect);
      await db.insertInto('users').values({ id: 'u1', email: 'a@example.com', password_hash: 'x', first_name: 'A', last_name: 'B', plan: 'free', status: 'active', created_at: 1, updated_at: 1 }).execute();
      await db.insertInto('monitors').values({ id: 'm', user_id: 'u1', url: 'https://example.com/', schedule: 'daily', max_pages: 10, include: null, exclude: null, next_run_at: 1_000, created_at: 0, updated_at: 0 }).execute();
      const scheduler = createMonitorScheduler(createMonitorRepository(db), () => 2_000, async () => 'The Free plan allows 3 monitor runs per day.');
      expect(await scheduler.tick()).toBe(0);
      const runs = await db.selectFrom('monitor_runs').select(['status', 'error', 'started_at']).execute();
      expect(runs).toEqual([{ status: 'failed', error: 'The Free plan allows 3 monitor runs per day.', started_at: null }]);
      // Not counted against the day's runs: it never ran.
      expect(await createMonitorRepository(db).countRunsSince('u1', 0)).toBe(0);
    });
  });
}
