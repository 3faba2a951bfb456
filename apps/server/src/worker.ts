// `npm run worker`: a process that works through bulk-job items and serves no HTTP. Run any number
// of them (and API servers with WORKERS=none) on one PostgreSQL: items are leased per instance,
// and a worker killed mid-job loses nothing (its leases die with its heartbeat). With REDIS_URL the
// items come through BullMQ, and MODEL_CONCURRENCY / MODEL_RPM hold across all workers.
import type { WorkerApp } from './composition/build-worker';
import { handleFatalErrors } from './platform/fatal-errors';
import { buildWorkerOrExit, drainOnSignals, loadConfigOrExit } from './process-lifecycle';

async function main() {
  // Set once built; until then a fatal error is logged to stderr and there is nothing to close.
  let worker: WorkerApp | undefined = undefined;
  handleFatalErrors(process, {
    logger: () => worker?.log,
    close: async () => {
      await worker?.close();
    },
    exit: (code) => process.exit(code),
  });

  const config = loadConfigOrExit({ ...process.env, WORKERS: 'inline' });
  worker = await buildWorkerOrExit(config);
  const dispatch = config.redisUrl ? `BullMQ, global MODEL_CONCURRENCY ${config.modelConcurrency}, MODEL_RPM ${config.modelRpm ?? 'unlimited'}` : `in-process, MODEL_CONCURRENCY ${config.modelConcurrency}`;
  console.log(`Altwise worker is running (AI provider: ${worker.altTextProvider}, ${dispatch})`);
  worker.log.info({ modules: worker.moduleOrder }, 'worker modules started');
  // No listener keeps the event loop alive here, and the modules' timers are unref'd (so that they
  // never hold an API server open): without this handle the worker would exit as soon as it started.
  // It lives until a signal ends the process (process.exit, after the drain).
  setInterval(() => undefined, 60_000);
  // No listener to keep open for a load balancer: items in flight settle, then the process leaves.
  drainOnSignals(worker, config, 0);
}

void main();
