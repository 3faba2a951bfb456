// A real Altwise server (the API alone: the plugin needs no web app) on a free loopback port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../apps/web/e2e/support/server';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface AltwiseServer {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

export async function startAltwise(env: Record<string, string>): Promise<AltwiseServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'altwise-wp-server-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REGISTRATIONS_PER_HOUR: '1000',
      BILLING_PROVIDER: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Altwise exited:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Altwise did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, port, output: () => log, stop };
}

/** A Pro account (bulk jobs) and an API key for it. */
export async function proAccountKey(url: string): Promise<string> {
  const email = `wp.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const call = async (method: string, route: string, body: unknown, token?: string) => {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const registered = await call('POST', '/auth/register', { firstName: 'Wendy', lastName: 'Press', email, password: 'Compil3rRocks' });
  await call('POST', '/user/subscription', { planId: 'pro', paymentMethodId: 'pm_wp_test' }, registered.token);
  const key = await call('POST', '/v1/api-keys', { name: 'WordPress' }, registered.token);
  return key.key ?? key.apiKey ?? key.secret;
}
