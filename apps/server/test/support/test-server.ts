import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '@altwise/shared';
import { buildApp } from '../../src/app';
import type { BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { adminQuery, databaseUrlOf, POSTGRES_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './database-templates';

/**
 * The databases every API suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set
 * (each server then gets a database of its own, made from the run's template and dropped on close).
 */
export type TestDatabase = 'sqlite' | 'postgres';
function selectDatabases(): TestDatabase[] {
  const only = process.env.TEST_DATABASES?.split(',').map((name) => name.trim()) as TestDatabase[] | undefined;
  const available: TestDatabase[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  return only?.length ? available.filter((name) => only.includes(name)) : available;
}
/** TEST_DATABASES=postgres narrows the run; PostgreSQL needs TEST_DATABASE_URL. */
export const DATABASES = selectDatabases();

export interface TestServer {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  databaseUrl: string | null;
  close(): Promise<void>;
  /** fetch against the server; a JSON body is serialised, the answer parsed when JSON. */
  request<T = any>(
    method: string,
    urlPath: string,
    options?: { body?: unknown; token?: string; apiKey?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: T }>;
}

export async function createPostgresSchema(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `t_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => adminQuery(baseUrl, `drop schema ${schema} cascade`) };
}

/**
 * A database of its own for one test server, created from the run's migrated template
 * (database-templates.ts) and dropped on close.
 */
async function createPostgresFromTemplate(baseUrl: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(baseUrl, `create database ${name} template ${template}`);
  return { url: databaseUrlOf(baseUrl, name), drop: () => adminQuery(baseUrl, `drop database ${name} with (force)`) };
}

/** A fresh, migrated PostgreSQL database: from the run's template when there is one (Vitest), else a schema migrated at boot. */
function createTestPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  return template ? createPostgresFromTemplate(baseUrl, template) : createPostgresSchema(baseUrl);
}

export async function startTestServer(
  database: TestDatabase = 'sqlite',
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-test-'));
  const postgres = database === 'postgres' ? await createTestPostgres(process.env.TEST_DATABASE_URL!) : null;
  const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
  if (!postgres && sqliteTemplate && !env.DATABASE_URL) fs.copyFileSync(sqliteTemplate, path.join(dataDir, 'altwise.db'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ALT_PROVIDER: 'offline',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Suites register many accounts from 127.0.0.1; the throttle has its own test.
    REGISTRATIONS_PER_HOUR: '1000000',
    // Suites that need a paid plan buy it; the billing suite tests the fail-closed default.
    BILLING_PROVIDER: 'test',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const app = await buildApp(config, options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    app,
    url,
    dataDir,
    databaseUrl: postgres?.url ?? null,
    async close() {
      await app.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async request(method, urlPath, { body, token, apiKey, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      const h = init.headers as Record<string, string>;
      if (token) h.authorization = `Bearer ${token}`;
      if (apiKey) h['x-api-key'] = apiKey;
      if (body !== undefined) {
        if (typeof body === 'string' || body instanceof FormData || body instanceof Uint8Array) {
          init.body = body as RequestInit["body"];
        } else {
          h['content-type'] = 'application/json';
          init.body = JSON.stringify(body);
        }
      }
      const response = await fetch(url + urlPath, init);
      const text = await response.text();
      let parsed: unknown = text;
      if (response.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed as any };
    },
  };
}

let counter = 0;

/** Registers a fresh user and returns its session. */
export async function registerUser(server: TestServer, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const credentials = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `user${counter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Correct-Horse-9',
    ...overrides,
  };
  const response = await server.request('POST', '/api/auth/register', { body: credentials });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    credentials,
    user: response.body.user,
    token: response.body.token as string,
    refreshToken: response.body.refreshToken as string,
  };
}

/**
 * Marks the account's address verified, as following its mailed link would (the link itself is
 * tested in email-verification.api.test.ts): for suites about the mail that goes only to verified
 * addresses (alerts, reports, notices).
 */
export async function markVerified(server: TestServer, userId: string): Promise<void> {
  await server.app.db.updateTable('users').set({ email_verified_at: Date.now() }).where('id', '=', userId).execute();
}

/** registerUser, then markVerified. */
export async function registerVerifiedUser(server: TestServer, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(server, overrides);
  await markVerified(server, registered.user.userId);
  return { ...registered, user: { ...registered.user, emailVerified: true } };
}

/**
 * Waits, when the next hour starts within `withinMs`, until it has started: for a suite on the real
 * clock whose counts are one hour window's (a burst across the hour's start meets two windows).
 */
export async function clearOfHourStart(withinMs: number): Promise<void> {
  const untilNextHour = HOUR_MS - (Date.now() % HOUR_MS);
  if (untilNextHour < withinMs) await new Promise((resolve) => setTimeout(resolve, untilNextHour + 50));
}
