import type { ProviderDependencies } from '@altwise/engine';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Config } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import type { Database } from './db/schema';
import { createAccessTokens } from './modules/auth/access-token.service';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createRefreshTokenService } from './modules/auth/refresh-token.service';
import { createSettingsService } from './modules/users/settings.service';
import { createUserService } from './modules/users/user.service';
import { usersRoutes } from './modules/users/users.routes';
import { altTextRoutes } from './modules/alt-text/alt-text.routes';
import { createAltTextService } from './modules/alt-text/alt-text.service';
import { createAltTextCacheRepository } from './modules/alt-text/alt-text-cache.repository';
import { createCachedDescriber } from './modules/alt-text/cached-describer';
import { createVisionEngines } from './modules/alt-text/vision-engine';
import { demoRoutes } from './modules/demo/demo.routes';
import { DEMO_MAX_BYTES, createDemoService } from './modules/demo/demo.service';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createApiKeyService } from './modules/api-keys/api-key.service';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { createReferenceOnlyPaymentProvider } from './modules/billing/payment-provider';
import { plansRoutes } from './modules/plans/plans.routes';
import { createQuotaService, quotaExceededError } from './modules/usage/quota.service';
import { usageRoutes } from './modules/usage/usage.routes';
import { createUsageService } from './modules/usage/usage.service';
import { createAuthGuards } from './platform/caller';
import type { AppContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import {
  registerGracefulClose,
  registerOpenApi,
  registerSecurityHeaders,
  registerWebApp,
} from './platform/http-plugins';
import { registerJsonBodyParser } from './platform/json-body-parser';
import { createRateLimiter } from './platform/rate-limiter';
import { deriveKeys, loadAppSecret } from './platform/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The active describer, for the start-up line ("openai (gpt-4o-mini)", "offline"). */
    altTextProvider: string;
    /** For tests and benchmarks that inspect tables; modules use their repositories. */
    db: Kysely<Database>;
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** Replaces the clock (tests). */
  now?: () => number;
  /** Vision-provider seams (tests, benchmarks): shorter retry deadlines, a custom fetch. */
  provider?: ProviderDependencies;
}

/** Builds the whole server: platform plugins, every module, the web app. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect);

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    keys: deriveKeys(loadAppSecret(config.appSecret, config.dataDir)),
    now: options.now ?? Date.now,
  };

  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Runs after in-flight requests are done: queued rows are committed before the database closes,
  // so a graceful shutdown loses nothing.
  const beforeDatabaseCloses: Array<() => Promise<void>> = [];
  app.addHook('onClose', async () => {
    try {
      for (const close of beforeDatabaseCloses) await close();
    } finally {
      await database.destroy();
    }
  });

  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerGracefulClose(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  // Services, in dependency order. Each module owns its tables; others call its service.
  const rateLimiter = createRateLimiter(ctx);
  const users = createUserService(ctx);
  const settings = createSettingsService(ctx);
  const accessTokens = createAccessTokens(ctx.keys.jwt, ctx.now);
  const refreshTokens = createRefreshTokenService(ctx, (userId) => settings.sessionIdleLimitMs(userId));
  const auth = createAuthService({ ctx, users, accessTokens, refreshTokens, rateLimiter });
  const quota = createQuotaService(ctx, { users });
  const usage = createUsageService(ctx, { quota });
  beforeDatabaseCloses.push(() => usage.close());
  const apiKeys = createApiKeyService(ctx, { users, quota, usage });
  const billing = createBillingService(ctx, { users, payments: createReferenceOnlyPaymentProvider() });
  const account = createAccountService({ users, settings, refreshTokens, apiKeys, billing, quota, usage });
  const guards = createAuthGuards({ accessTokens, authenticateApiKey: apiKeys.authenticate });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(authRoutes, { auth, guards });
  await app.register(usersRoutes, { users, settings, guards });
  await app.register(accountRoutes, { account, guards });
  await app.register(plansRoutes);
  await app.register(apiKeysRoutes, { apiKeys, guards });
  await app.register(usageRoutes, { usage, guards });
  await app.register(billingRoutes, { billing, guards });

  const vision = createVisionEngines(config, options.provider);
  const altText = createAltTextService({
    ctx,
    engine: vision.engine,
    quota,
    usage,
    planOf: async (userId) => (await users.get(userId)).plan,
    quotaExceededError,
  });
  // History rows before usage events: a request writes its history row first.
  beforeDatabaseCloses.unshift(() => altText.close());
  await app.register(altTextRoutes, { altText, guards, maxImageBytes: config.images.maxBytes });
  const demoDescriber = createCachedDescriber(vision.withMaxBytes(DEMO_MAX_BYTES), createAltTextCacheRepository(ctx.db), ctx.now);
  await app.register(demoRoutes, { demo: createDemoService({ rateLimiter, describer: demoDescriber }) });

  app.decorate('altTextProvider', vision.label);
  app.decorate('db', ctx.db);

  await registerWebApp(app, config);
  return app;
}
