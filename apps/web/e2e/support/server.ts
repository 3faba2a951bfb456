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
  return startServerProcess(
    {
      NODE_ENV: 'production',
      WEB_DIST_DIR: WEB_DIST,
      // The subscription screens buy plans; the fail-closed default has its API and component tests.
      BILLING_PROVIDER: 'test',
      ...env,
    },
    { dataDirPrefix: 'altwise-e2e-' },
  );
}
