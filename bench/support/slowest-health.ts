import type { TestServer } from '../../apps/server/test/support/test-server';

/** The slowest of the /healthz answers asked for one after another (50 ms apart) while `work` runs. */
export async function slowestHealth(server: TestServer, work: () => Promise<unknown>): Promise<number> {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.url}/healthz`)).text();
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await loop;
  }
  return slowest;
}
