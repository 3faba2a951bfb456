import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, WEB_DIST } from './paths';

export interface RunningServer {
  /** e.g. http://127.0.0.1:43125 */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** A free loopback port (the server does not accept PORT=0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts the real server (apps/server/src/main.ts) on a free loopback port with a fresh
 * temporary DATA_DIR, serving the built web app from apps/web/dist.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @altwise/web` (npm run test:e2e does it).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'altwise-e2e-'));
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
      ALT_PROVIDER: 'offline',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: WEB_DIST,
      // The browser suites register many accounts from 127.0.0.1.
      REGISTRATIONS_PER_HOUR: '100000',
      // The subscription screens buy plans; the fail-closed default has its API and component tests.
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

  try {
    await waitForHealthy(url, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, output: () => log, stop };
}
