// Real server processes (main.ts) for the tests an operator would run: several instances on one
// database, kill -9, SIGTERM. Each gets its own port and data directory. The browser suites (web and
// WordPress) start theirs with this too.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SQLITE_TEMPLATE_ENV } from './database-templates';

const SRC = path.join(import.meta.dirname, '../../src');
// Where `--import tsx` is found, whichever suite (and working directory) starts the process.
const REPO_ROOT = path.join(import.meta.dirname, '../../../..');

/**
 * The folder of this run's bundle of main.ts and worker.ts (server-bundle.ts, the globalSetup of the
 * suites that start processes). Without it (a suite started some other way, a bench) the process runs
 * the TypeScript through tsx, as `npm start` does; main.test.ts and the admin command's test always
 * do, being the tests of that start itself.
 */
export const SERVER_BUNDLE_ENV = 'ALTWISE_TEST_SERVER_BUNDLE';

function entryArgs(entry: 'main' | 'worker'): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle ? [path.join(bundle, `${entry}.mjs`)] : ['--import', 'tsx', path.join(SRC, `${entry}.ts`)];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** Starts the same instance again (a new process: new instance id, same port and data dir). */
  restart(): Promise<ServerProcess>;
  /** SIGTERM (SIGKILL after 5 s), then removes the data directory this call created. */
  stop(): Promise<void>;
}

/** Starts main.ts (or its bundle) with `env` and resolves once it listens. */
export async function startServerProcess(env: Record<string, string>, options: { port?: number; dataDir?: string; dataDirPrefix?: string } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix ?? 'altwise-proc-'));
  // A new SQLite data folder starts from the run's migrated template, as startTestServer's do
  // (database-templates.ts): running every migration was about 1 s of each process's start.
  const sqliteTemplate = process.env[SQLITE_TEMPLATE_ENV];
  if (!options.dataDir && sqliteTemplate && !(env.DATABASE_URL ?? process.env.DATABASE_URL)) fs.copyFileSync(sqliteTemplate, path.join(dataDir, 'altwise.db'));
  const child = spawn(process.execPath, entryArgs('main'), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ALT_PROVIDER: 'offline',
      // The suites register many accounts from 127.0.0.1 (see test-server.ts).
      REGISTRATIONS_PER_HOUR: '100000',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // A loaded machine (the browser suites run beside a build) can take its time to start.
  const deadline = Date.now() + 60_000;
  while (!output.includes('Altwise is running')) {
    if (gone || Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => output,
    exited,
    kill: (signal) => child.kill(signal),
    restart: () => startServerProcess(env, { port, dataDir }),
    stop,
  };
}

export interface WorkerProcess {
  readonly pid: number;
  kill(signal: NodeJS.Signals): void;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
  output(): string;
}

/** Starts `npm run worker`'s entry (worker.ts) with `env` and resolves once it says it runs. */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-worker-'));
  const child = spawn(process.execPath, entryArgs('worker'), {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Altwise worker is running')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid: child.pid!, kill: (signal) => child.kill(signal), exited, output: () => output };
}

/** fetch with a JSON body and a parsed JSON answer. */
export async function call<T = any>(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; apiKey?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + urlPath, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: body as T };
}

/** Polls `probe` until it returns something truthy, or fails naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
