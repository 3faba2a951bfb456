import type { FastifyInstance } from 'fastify';
import { handleFatalErrors } from './platform/fatal-errors';
import { buildAppOrExit, drainOnSignals, loadConfigOrExit } from './process-lifecycle';

async function main() {
  // Set once built; until then a fatal error is logged to stderr and there is nothing to close.
  let app: FastifyInstance | undefined = undefined;
  handleFatalErrors(process, {
    logger: () => app?.log,
    close: async () => {
      await app?.close();
    },
    exit: (code) => process.exit(code),
  });

  const config = loadConfigOrExit();
  app = await buildAppOrExit(config);
  const address = await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = address.includes('127.0.0.1') || address.includes('[::1]') || shownHost === 'localhost'
    ? `http://localhost:${config.port}`
    : address;
  console.log(`Altwise is running at ${url} (AI provider: ${app.altTextProvider ?? 'offline'})`);
  if (config.redisUrl) {
    // Said out loud: only bulk jobs use Redis; quotas stay exact in the database.
    app.log.info({ prefix: config.redisPrefix, workers: config.workers }, 'REDIS_URL is set: bulk-job items are dispatched through BullMQ');
  }

  // A fifth of the drain (at most 5 s) for load balancers to notice the 503 before the listener closes.
  drainOnSignals(app, config, Math.min(5_000, config.shutdownTimeoutMs / 5));
}

void main();
