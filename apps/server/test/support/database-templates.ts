import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../src/db/database';

/**
 * Vitest globalSetup of the projects that start test servers: migrates one SQLite file and (when
 * TEST_DATABASE_URL is set) one PostgreSQL database once per run, and names them in the environment
 * the workers inherit. startTestServer then copies the file, or creates its database from the
 * template, instead of running every migration again for each of its hundreds of servers (the
 * migrations were most of a server's start: ~1 s on SQLite, ~3 s on PostgreSQL). The migrations
 * themselves still run here, on both dialects, every run; the migration suites run them from empty.
 */
export const SQLITE_TEMPLATE_ENV = 'ALTWISE_TEST_SQLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'ALTWISE_TEST_POSTGRES_TEMPLATE';

/**
 * The tablespace the suites create their PostgreSQL databases in (CI: one on a RAM disk, made by
 * scripts/pg-database.mjs, which says why); unset, the server's default. Only the template is created
 * in it by name: a database made from a template takes the template's tablespace.
 */
export const POSTGRES_TABLESPACE_ENV = 'TEST_POSTGRES_TABLESPACE';

function inTestTablespace(): string {
  const name = process.env[POSTGRES_TABLESPACE_ENV];
  if (!name) return '';
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe tablespace name in ${POSTGRES_TABLESPACE_ENV}: ${name}`);
  return ` tablespace ${name}`;
}

export function databaseUrlOf(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** One statement on its own connection, closed whether or not it succeeds. */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function migrated(databaseUrl: string | null, dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.destroy();
  }
}

// Several projects name this file; the first to run makes the templates, and only it removes them.
export function setup(): Promise<(() => Promise<void>) | undefined> {
  return makeTemplates({ postgres: true });
}

/** The browser suites' globalSetup (sqlite-template.ts): their servers never use PostgreSQL. */
export function setupSqliteOnly(): Promise<(() => Promise<void>) | undefined> {
  return makeTemplates({ postgres: false });
}

async function makeTemplates(dialects: { postgres: boolean }): Promise<(() => Promise<void>) | undefined> {
  if (process.env[SQLITE_TEMPLATE_ENV]) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-template-'));
  await migrated(null, dir);
  process.env[SQLITE_TEMPLATE_ENV] = path.join(dir, 'altwise.db');
  const baseUrl = dialects.postgres ? process.env.TEST_DATABASE_URL : undefined;
  const name = `altwise_template_${randomUUID().replaceAll('-', '')}`;
  if (baseUrl) {
    await adminQuery(baseUrl, `create database ${name}${inTestTablespace()}`);
    await migrated(databaseUrlOf(baseUrl, name), dir);
    process.env[POSTGRES_TEMPLATE_ENV] = name;
  }
  return async () => {
    if (baseUrl) await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
    delete process.env[SQLITE_TEMPLATE_ENV];
    delete process.env[POSTGRES_TEMPLATE_ENV];
  };
}
