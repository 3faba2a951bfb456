import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  const address = await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = address.includes('127.0.0.1') || address.includes('[::1]') || shownHost === 'localhost'
    ? `http://localhost:${config.port}`
    : address;
  console.log(`Altwise is running at ${url} (AI provider: ${app.altTextProvider ?? 'offline'})`);
  if (config.redisUrl) {
    // Said out loud rather than ignored: quotas are exact in the database, Redis is not wired yet.
    app.log.warn('REDIS_URL is set but not used yet: quotas and batches run on the database');
  }

  // Stop accepting, let in-flight requests finish, close the database (an onClose hook).
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error) => {
          app.log.error(error, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

void main();
