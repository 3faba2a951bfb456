// Issue 20 row 3: after a database outage every heartbeat is stale at once; an instance that could
// not write its own must not take the others for dead before they had the time to write theirs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { migrateToLatest, openDatabase } from '../../db/database';
import { createInstanceRegistry } from './instance-registry';

const DEAD_AFTER_MS = 400;

describe('instance registry: judging others dead', () => {
  let handle: DatabaseHandle;

  beforeEach(async () => {
    handle = openDatabase({ databaseUrl: null, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h5-registry-')) });
    await migrateToLatest(handle.db, handle.dialect);
  });

  afterEach(async () => {
    await handle.destroy();
  });

  /** Heartbeats of `other`, silent since long ago (as every instance is right after an outage). */
  async function silentOther(): Promise<string> {
    await handle.db.insertInto('instances').values({ id: 'other', started_at: 0, heartbeat_at: 0 }).execute();
    return 'other';
  }

  it('judges at once when it never failed (a killed instance is taken over without delay)', async () => {
    const registry = createInstanceRegistry(handle.db, Date.now, { deadAfterMs: DEAD_AFTER_MS });
    await registry.heartbeat();
    const other = await silentOther();
    expect(await registry.isAlive(other)).toBe(false);
    expect(registry.aliveSince()).toBeGreaterThan(0);
  });

  it('after failing to write its own heartbeat, takes nobody for dead until it has written them for a whole window', async () => {
    // The monotonic clock is the test's: it moves one beat at a time, so the window is counted in beats.
    let monotonic = 1_000;
    const registry = createInstanceRegistry(handle.db, Date.now, { deadAfterMs: DEAD_AFTER_MS, monotonic: () => monotonic });
    await registry.heartbeat();
    const other = await silentOther();
    // The outage: the heartbeat cannot be written.
    await sql`alter table instances rename to instances_away`.execute(handle.db);
    await expect(registry.heartbeat()).rejects.toThrow();
    await sql`alter table instances_away rename to instances`.execute(handle.db);

    await registry.heartbeat();
    // Back, but not long enough: the silent instance may be about to write its heartbeat.
    expect(await registry.isAlive(other)).toBe(true);
    expect(registry.aliveSince()).toBe(0);

    // Healthy for a whole window, beating every fifth of it: alive for the first four beats, then
    // silence means death.
    const verdicts: boolean[] = [];
    for (let beat = 1; beat <= 6; beat++) {
      monotonic += registry.heartbeatEveryMs;
      await registry.heartbeat();
      verdicts.push(await registry.isAlive(other));
    }
    expect(verdicts).toEqual([true, true, true, true, false, false]);
    expect(registry.aliveSince()).toBeGreaterThan(0);
  });
});
