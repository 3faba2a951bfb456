import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerProcess } from '../../../server/test/support/server-process';
import { startServerProcess } from '../../../server/test/support/server-process';
import { WEB_DIST } from './paths';

export { freePort } from '../../../server/test/support/server-process';
export type RunningServer = ServerProcess;

/**
 * Starts the real server (apps/server/src/main.ts) on a free loopback port with a fresh
 * temporary DATA_DIR, serving the built web app from apps/web/dist.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @altwise/web` (npm run test:e2e does it).');
  }
  // freePort finds a port free and lets it go; until the server binds it, any process on the
  // machine (Chromium, starting beside it, opens ports too) can take it. Then the server exits with
  // EADDRINUSE before it served anything, and it starts again on another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

function startOnFreePort(env: Record<string, string>): Promise<RunningServer> {
  return startServerProcess(
    {
      NODE_ENV: 'production',
      WEB_DIST_DIR: WEB_DIST,
      // The subscription screens buy plans; the fail-closed default has its API and component tests.
      BILLING_PROVIDER: 'test',
      // A file's server stops when the file ends, with nothing in flight: a 1 s drain makes the
      // readiness grace before the listener closes 200 ms (the default 25 s drain's is 5 s, and
      // the stop waited those 5 s per file). The drain itself has its own server tests.
      SHUTDOWN_TIMEOUT_MS: '1000',
      ...env,
    },
    { dataDirPrefix: 'altwise-e2e-' },
  );
}
