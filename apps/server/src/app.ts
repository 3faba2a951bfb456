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
import type { ApiKeyAuthenticator } from './platform/caller';
import { createAuthGuards } from './platform/caller';
import type { AppContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import { registerOpenApi, registerSecurityHeaders, registerWebApp } from './platform/http-plugins';
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
}

/** Builds the whole server: platform plugins, every module, the web app. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = openDatabase(config);
  await migrateToLatest(database.db);

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
  app.addHook('onClose', () => database.destroy());

  registerErrorHandler(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  // Services, in dependency order. Each module owns its tables; others call its service.
  const rateLimiter = createRateLimiter(ctx);
  const users = createUserService(ctx);
  const settings = createSettingsService(ctx);
  const accessTokens = createAccessTokens(ctx.keys.jwt, ctx.now);
  const refreshTokens = createRefreshTokenService(ctx, (userId) => settings.sessionIdleLimitMs(userId));
  const auth = createAuthService({ ctx, users, accessTokens, refreshTokens, rateLimiter });
  // Replaced by the api-keys module's authenticator when it is wired below.
  const authenticateApiKey: ApiKeyAuthenticator = async () => null;
  const guards = createAuthGuards({ accessTokens, authenticateApiKey });

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

  app.decorate('altTextProvider', 'offline');
  app.decorate('db', ctx.db);

  await registerWebApp(app, config);
  return app;
}
