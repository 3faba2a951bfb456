import { rejectNulCharacters } from '@altwise/shared';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import { openAppContext } from './composition/app-database';
import { APP_MODULES } from './composition/app-modules';
import { composeModules } from './composition/compose-modules';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { WeeklyReports } from './modules/usage';
import type { BuildOptions } from './platform/app-module';
import { registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler } from './platform/client-errors';
import {
  registerGracefulClose,
  registerNoStore,
  registerOpenApi,
  registerSecurityHeaders,
  registerWebApp,
} from './platform/http-plugins';
import { registerRequestDeadline } from './platform/request-deadline';
import { registerJsonBodyParser } from './platform/json-body-parser';
import type { Lifecycle } from './platform/lifecycle';
import { createRetention } from './platform/retention';

export type { BuildOptions } from './platform/app-module';

declare module 'fastify' {
  interface FastifyInstance {
    /** The active describer, for the start-up line ("openai (gpt-4o-mini)", "offline"). */
    altTextProvider: string;
    /** For tests and benchmarks that inspect tables; modules use their repositories. */
    db: Kysely<Database>;
    /** Process lifecycle: readiness, drain and release (main.ts, tests). */
    lifecycle: Lifecycle;
    /** The weekly usage reports' run (the hourly timer's; tests call it with their clock). */
    weeklyReports: Pick<WeeklyReports, 'sendDue'>;
    /** Stripe mode's past_due grace sweep (the 10-minute timer's; tests call it with their clock); null otherwise. */
    pastDueSweep: (() => Promise<number>) | null;
    /** The order the composition root built the modules in (they stop in the reverse). */
    moduleOrder: readonly string[];
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function createHttpServer(config: Config) {
  return Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count as Fastify reads a number (its types only list the function form).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slow clients (a body trickled a byte at a time) cannot hold a socket, nor a shutdown, for
    // longer than these. The body's deadline is kept per request (platform/request-deadline.ts: an
    // upload's follows its declared size), so Node's own, one figure for every request, is off;
    // Node checks the headers' deadline every connectionsCheckingInterval (30 s by default, far
    // coarser than the deadline itself).
    requestTimeout: 0,
    connectionTimeout: config.timeouts.connectionMs,
    http: {
      requestTimeout: 0,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    // Node's own 408/400/431 answers (and Fastify's default shape) are replaced by the error envelope.
    clientErrorHandler,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
}

/** Builds the whole server: platform plugins, every module (composition/app-modules.ts), the web app. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const log: { current?: FastifyBaseLogger } = {};
  const { ctx, closeDatabase, reclaimFreePages } = await openAppContext(config, options, log);
  const app = createHttpServer(config);
  log.current = app.log;
  if (config.trustProxyWasTrue) {
    app.log.warn(
      'TRUST_PROXY=true is read as one proxy hop: the client IP is the address your proxy saw. Set a hop count or the proxy addresses to silence this.',
    );
  }
  // One rule for every string the API accepts, whatever the route: no NUL characters (see shared).
  app.setValidatorCompiler((route) => validatorCompiler({ ...route, schema: rejectNulCharacters(route.schema as ZodType) }));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerRequestDeadline(app, config.timeouts.requestMs);
  registerGracefulClose(app);
  registerNoStore(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  const kit = { ctx, logger: app.log, retention: createRetention(ctx, [], reclaimFreePages), options };
  const modules = await composeModules(APP_MODULES, kit, app).catch(async (error: unknown) => {
    await closeDatabase();
    throw error;
  });
  // After in-flight requests are done, the modules stop in the reverse of start order (their queued
  // rows committed), then the database closes: a graceful shutdown loses nothing.
  app.addHook('onClose', async () => {
    try {
      await modules.stop();
    } finally {
      await closeDatabase();
    }
  });

  app.decorate('altTextProvider', modules.get('altText').vision.label);
  app.decorate('db', ctx.db);
  app.decorate('lifecycle', modules.get('lifecycle'));
  app.decorate('weeklyReports', { sendDue: modules.get('usage').weeklyReports.sendDue });
  const stripeWebhooks = modules.get('billing').stripeWebhooks;
  app.decorate('pastDueSweep', stripeWebhooks ? () => stripeWebhooks.expireGracePeriods() : null);
  app.decorate('moduleOrder', modules.order);

  await registerWebApp(app, config);
  return app;
}
