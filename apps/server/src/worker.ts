// `npm run worker`: a process that works through bulk-job items and serves no HTTP. Run any number
// of them (and API servers with WORKERS=none) on one PostgreSQL: items are leased per instance,
// and a worker killed mid-job loses nothing (its leases die with its heartbeat). With REDIS_URL the
// items come through BullMQ, and MODEL_CONCURRENCY / MODEL_RPM hold across all workers.
import { buildAppOrExit, drainOnSignals, loadConfigOrExit } from './process-lifecycle';

async function main() {
  const config = loadConfigOrExit({ ...process.env, WORKERS: 'inline' });
  const app = await buildAppOrExit(config);
  const dispatch = config.redisUrl ? `BullMQ, global MODEL_CONCURRENCY ${config.modelConcurrency}, MODEL_RPM ${config.modelRpm ?? 'unlimited'}` : `in-process, MODEL_CONCURRENCY ${config.modelConcurrency}`;
  console.log(`Altwise worker is running (AI provider: ${app.altTextProvider}, ${dispatch})`);
  // No listener to keep open for a load balancer: items in flight settle, then the process leaves.
  drainOnSignals(app, config, 0);
}

void main();
