import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/support/server-process';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { setPlan, startAltTextEnv } from './alt-text.test-support';

// Runs once, on SQLite: the limit is per process and touches no table, so the PostgreSQL pass
// would only repeat it (the PostgreSQL pass proves the fleet-wide limit in jobs-workers.api.test.ts).
describe.runIf(DATABASES.includes('sqlite'))('MODEL_CONCURRENCY', () => {
  let env: AltTextTestEnv;
  beforeAll(async () => {
    env = await startAltTextEnv('sqlite', { model: true, retry: { attemptTimeoutMs: 10_000, overallTimeoutMs: 20_000 }, env: { MODEL_CONCURRENCY: '4', BATCH_CONCURRENCY: '8' } });
  });
  afterAll(() => env.close());

  it('caps model calls of concurrent batches and single requests at one limit per instance', async () => {
    const { token, user } = await registerUser(env.server);
    await setPlan(env.server, user.userId, 'pro');
    env.vision!.setLatency(150);
    // The first answers wait until the limit's four calls are in flight together, however slowly the
    // machine dispatches (the latency alone left reaching four to chance).
    const baseline = env.vision!.calls;
    env.vision!.hold();
    const batching = Promise.all(
      Array.from({ length: 3 }, async () => {
        const imageUrls = await Promise.all(Array.from({ length: 8 }, () => env.hostImage()));
        return env.server.request('POST', '/api/v1/images/batch', { token, body: { imageUrls } });
      }),
    );
    await until('four model calls in flight together', () => env.vision!.calls - baseline >= 4, 60_000, 10);
    env.vision!.release();
    const batches = await batching;
    const singles = await Promise.all(
      Array.from({ length: 4 }, async () => env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } })),
    );
    env.vision!.setLatency(0);
    expect(batches.map((batch) => batch.body.summary.succeeded)).toEqual([8, 8, 8]);
    expect(singles.every((single) => single.status === 200)).toBe(true);
    // 28 model calls were wanted at once (3 × BATCH_CONCURRENCY 8, plus 4); never more than 4 ran.
    expect(env.vision!.maxConcurrent).toBe(4);
  });
});
