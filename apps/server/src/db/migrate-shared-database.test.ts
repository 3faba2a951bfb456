// Many instances (and CI's suites) share one PostgreSQL database, each in its own schema. One of
// them starting while other schemas come and go must still migrate: Kysely's introspection read
// every column of every schema, checking each schema by name (has_schema_privilege,
// pg_get_serial_sequence), and failed when a schema was dropped while it read — seen in CI as
// "schema t_… does not exist" from suites that never touched that schema. The race needs a slow
// read, so this database holds a large schema while others are created and dropped.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresSchema, DATABASES } from '../../test/support/test-server';
import { migrateToLatest, openDatabase } from './database';

const MIGRATIONS = 12;
const columns = Array.from({ length: 12 }, (_, index) => `c${index} text`).join(', ');
const tables = (schema: string, count: number) =>
  Array.from({ length: count }, (_, index) => `create table ${schema}.t${index} (id serial primary key, ${columns});`).join(' ');

describe.runIf(DATABASES.includes('postgres'))('migrating while other schemas are dropped (postgres)', () => {
  it('migrates every schema', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const prefix = `churn_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${prefix}_large; ${tables(`${prefix}_large`, 400)}`);
    let churning = true;
    let churned = 0;
    const churnLoop = (async () => {
      while (churning) {
        const schema = `${prefix}_${(churned += 1)}`;
        await admin.query(`create schema ${schema}; ${tables(schema, 5)}`);
        await admin.query(`drop schema ${schema} cascade`);
      }
    })();
    const outcomes: string[] = [];
    try {
      for (let round = 0; round < MIGRATIONS; round += 1) {
        const mine = await createPostgresSchema(base);
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-migrate-'));
        const handle = openDatabase({ databaseUrl: mine.url, dataDir });
        outcomes.push(await migrateToLatest(handle.db, 'postgres').then(() => 'migrated', (error: Error) => error.message));
        await handle.destroy();
        await mine.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    } finally {
      churning = false;
      await churnLoop;
      await admin.query(`drop schema ${prefix}_large cascade`);
      await admin.end();
    }
    expect(churned).toBeGreaterThan(1);
    expect(outcomes).toEqual(Array.from({ length: MIGRATIONS }, () => 'migrated'));
  }, 120_000);
});
