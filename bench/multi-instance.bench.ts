/**
 * Several instances on one PostgreSQL database (BENCH_DATABASE_URL, default the local server's
 * `postgres` database; each run uses a fresh schema, dropped after), measured side by side:
 * 1. one account's cached throughput on two server processes ÷ on one (target ≥ 1.0: a second
 *    instance must never lower an account's throughput);
 * 2. p95 of a refused request during a 150-request burst on a 100/h account, split across both
 *    (the median of five bursts, beside the same bursts on /healthz: the floor of this machine and harness);
 * 3. cached req/s on one instance ÷ a bare Fastify "hello" route, same machine, same run.
 */
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import { call, startServerProcess } from '@altwise/server/test-support/server-process';
import type { ServerProcess } from '@altwise/server/test-support/server-process';
import { createPostgresSchema } from '@altwise/server/test-support/test-server';
import { startBareHello } from './support/bare-hello';
import { burst } from './support/burst';
import { photoJpeg, startExternalImageHost } from './support/fixtures';
import type { BenchRow } from './support/stats';
import { percentile } from './support/stats';

type Autocannon = (options: Record<string, unknown>) => Promise<{ requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DURATION_S = 5;
const CONNECTIONS = 50;
const BURSTS = 5;

/** Two load generators with half the connections each, on the URLs in turn (the same one twice for one instance). */
async function load(urls: string[], request: Record<string, unknown>) {
  // The same harness for one instance and for two: on 2 cores the load generators' own CPU is
  // part of what the servers compete for, so only the number of servers may differ.
  const results = await Promise.all(
    [0, 1].map((index) => autocannon({ url: urls[index % urls.length], connections: CONNECTIONS / 2, duration: DURATION_S, workers: 1, ...request })),
  );
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    failed: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
  };
}

async function account(server: ServerProcess, plan: string, setPlan: (userId: string, plan: string) => Promise<void>) {
  const registered = await call(server.url, 'POST', '/api/auth/register', {
    body: { firstName: 'Bench', lastName: 'Mark', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: 'Correct-Horse-9' },
  });
  await setPlan(registered.body.user.userId, plan);
  const key = await call(server.url, 'POST', '/api/v1/api-keys', { token: registered.body.token, body: {} });
  return key.body.apiKey as string;
}

async function bareHelloRps(): Promise<number> {
  const hello = await startBareHello();
  try {
    return (await load([hello.url], { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).rps;
  } finally {
    await hello.close();
  }
}

export async function benchMultiInstance(): Promise<BenchRow[]> {
  const schema = await createPostgresSchema(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const host = await startExternalImageHost(new Map([['shared.jpg', await photoJpeg(1024, 768, 5)]]), 'image/jpeg');
  const env = { DATABASE_URL: schema.url, APP_SECRET: randomUUID() + randomUUID(), IMAGE_FETCH_ALLOW: host.hostPort, LOG_LEVEL: 'error' };
  const servers = [await startServerProcess(env), await startServerProcess(env)];
  const pg = await import('pg');
  const admin = new pg.default.Client({ connectionString: schema.url });
  await admin.connect();
  const setPlan = async (userId: string, plan: string) => {
    await admin.query('update users set plan = $1 where id = $2', [plan, userId]);
  };
  try {
    const imageUrl = `${host.url}/shared.jpg`;
    const request = (apiKey: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': apiKey }, body: JSON.stringify({ imageUrl }) });
    const prime = async (apiKey: string) => {
      for (const server of servers) {
        const answer = await call(server.url, 'POST', '/api/v1/images', { apiKey, body: { imageUrl } });
        if (answer.status !== 200) throw new Error(`multi-instance bench: priming failed with ${answer.status}`);
      }
    };
    const path = '/api/v1/images';

    // (1) and (3): a fresh Enterprise account per measurement, so no run meets the quota.
    const oneKey = await account(servers[0]!, 'enterprise', setPlan);
    await prime(oneKey);
    const one = await load([servers[0]!.url + path], request(oneKey));
    const twoKey = await account(servers[0]!, 'enterprise', setPlan);
    await prime(twoKey);
    const two = await load(servers.map((server) => server.url + path), request(twoKey));
    const hello = await bareHelloRps();

    // (2) 150 at once on a 100/h account, alternating instances; the latency of each refusal. One
    // burst's p95 is a draw from a wide spread on 2 shared cores (27 to 165 ms seen in one run), so
    // the row is the median of BURSTS bursts, each on a fresh account, with their range.
    // Not primed with these accounts (that would spend 2 of their 100 units): the image is cached already.
    // Beside it, the floor of this machine and harness: the same bursts on /healthz, which touches nothing.
    const healthP95s: number[] = [];
    const refusedP95s: number[] = [];
    let exact = true;
    for (let round = 0; round < BURSTS; round += 1) {
      const health = await burst(Array.from({ length: 150 }, (_, index) => ({ base: servers[index % 2]!.url, method: 'GET', path: '/healthz' })));
      healthP95s.push(percentile(health.map((answer) => answer.ms), 95));
      const freeKey = await account(servers[0]!, 'free', setPlan);
      const answers = await burst(Array.from({ length: 150 }, (_, index) => ({ base: servers[index % 2]!.url, path, ...request(freeKey) })));
      const refusedMs = answers.filter((answer) => answer.status === 429).map((answer) => answer.ms);
      exact &&= refusedMs.length === 50 && answers.filter((answer) => answer.status === 200).length === 100;
      refusedP95s.push(percentile(refusedMs, 95));
    }
    const p95 = percentile(refusedP95s, 50);
    const healthP95 = percentile(healthP95s, 50);
    const ratio = two.rps / one.rps;
    return [
      {
        name: `one account's cached req/s, two instances ÷ one (PostgreSQL, ${CONNECTIONS} clients, ${DURATION_S} s; ${one.failed + two.failed} failed)`,
        measured: Math.round(two.rps),
        baseline: Math.round(one.rps),
        ratio: Number(ratio.toFixed(2)),
        target: '≥ 1.0',
        pass: ratio >= 1 && one.failed + two.failed === 0,
        unit: 'req/s',
      },
      {
        name: `p95 of a refused request in a 150-request burst on a 100/h account, two instances: median of ${BURSTS} bursts (each ${Math.round(Math.min(...refusedP95s))}–${Math.round(Math.max(...refusedP95s))} ms; ${exact ? 'every burst 100 admitted, 50 refused' : 'NOT every burst 100 admitted, 50 refused'})`,
        measured: Number(p95.toFixed(1)),
        // Reported beside it: the median p95 of the same bursts on /healthz (connections, parsing, two
        // processes sharing the cores), which no work of ours can go below.
        baseline: Number(healthP95.toFixed(1)),
        ratio: Number((p95 / healthP95).toFixed(2)),
        target: '< 50',
        pass: p95 < 50 && exact,
        unit: 'ms',
      },
      {
        name: 'cached req/s on one instance ÷ a bare Fastify "hello" route (reported: what metering, auth and the cache cost)',
        measured: Math.round(one.rps),
        baseline: Math.round(hello),
        ratio: Number((one.rps / hello).toFixed(2)),
        target: 'reported',
        pass: one.failed === 0,
        unit: 'req/s',
      },
    ];
  } finally {
    await admin.end();
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await host.close();
    await schema.drop();
  }
}
