import type { ProviderDependencies } from '@altwise/engine';
import { rejectNulCharacters } from '@altwise/shared';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ZodType } from 'zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase, waitForDatabase } from './db/database';
import type { Database } from './db/schema';
import { createAccessTokens } from './modules/auth/access-token.service';
import { createLoginAlerts, createPasswordService, createTwoFactorService, passwordRoutes, twoFactorRoutes } from './modules/auth';
import { createLegalService, legalRoutes } from './modules/legal';
import { createLogTransport, createMailService, createSmtpTransport } from './modules/mail';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createRefreshTokenService } from './modules/auth/refresh-token.service';
import { createSettingsService } from './modules/users/settings.service';
import { createUserService } from './modules/users/user.service';
import { usersRoutes } from './modules/users/users.routes';
import { altTextRoutes } from './modules/alt-text/alt-text.routes';
import { createAltTextService } from './modules/alt-text/alt-text.service';
import { createVisionEngine } from './modules/alt-text/vision-engine';
import { createJobsModule } from './modules/jobs';
import { auditsRoutes, createAuditService } from './modules/audits';
import { demoRoutes } from './modules/demo/demo.routes';
import { createDemoService } from './modules/demo/demo.service';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import { createApiKeyService } from './modules/api-keys/api-key.service';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import type { BillingSetup } from './modules/billing/billing.service';
import { createTestPaymentProvider } from './modules/billing/payment-provider';
import { createStripeGateway } from './modules/billing/stripe-gateway';
import { createStripeWebhookService } from './modules/billing/stripe-webhook.service';
import { plansRoutes } from './modules/plans/plans.routes';
import { createMeteringService } from './modules/usage/metering.service';
import { createQuotaService } from './modules/usage/quota.service';
import { createLimitAlerts } from './modules/usage/limit-alerts';
import { createWeeklyReports } from './modules/usage/weekly-report';
import type { WeeklyReports } from './modules/usage/weekly-report';
import { usageRoutes } from './modules/usage/usage.routes';
import { createUsageService } from './modules/usage/usage.service';
import { createAuthGuards } from './platform/caller';
import type { AppContext } from './platform/context';
import { registerErrorHandler } from './platform/error-handler';
import {
  registerGracefulClose,
  registerNoStore,
  registerOpenApi,
  registerSecurityHeaders,
  registerWebApp,
} from './platform/http-plugins';
import { registerJsonBodyParser } from './platform/json-body-parser';
import { createIdempotency } from './platform/idempotency';
import { createInstanceRegistry } from './platform/instance-registry';
import type { Lifecycle } from './platform/lifecycle';
import { createLifecycle, registerHealthRoutes } from './platform/lifecycle';
import { createRateLimiter } from './platform/rate-limiter';
import { createRevocationBus } from './platform/revocations';
import { createRetention } from './platform/retention';
import { retentionTasks } from './retention-tasks';
import { deriveKeys, loadAppSecret } from './platform/secrets';

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
  }
}

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildOptions {
  /** Replaces the clock (tests). */
  now?: () => number;
  /** Vision-provider seams (tests, benchmarks): shorter retry deadlines, a custom fetch. */
  provider?: ProviderDependencies;
  /** PostgreSQL application_name of this instance's connections (tests tell instances apart). */
  applicationName?: string;
  /** Bulk jobs' seams (tests): the first webhook retry's delay. */
  jobs?: { webhookRetryBaseMs?: number };
  /** The mail outbox's seams (tests): the first retry's delay, how often it is polled. */
  mail?: { retryBaseMs?: number; pollMs?: number };
}

/** BILLING_PROVIDER: fails closed (`none`) unless an operator chose test or Stripe billing. */
function billingSetupOf(config: Config): BillingSetup {
  switch (config.billing.provider) {
    case 'test':
      return { mode: 'test', payments: createTestPaymentProvider() };
    case 'stripe':
      return { mode: 'stripe', stripe: createStripeGateway(config.billing.stripe) };
    default:
      return { mode: 'none' };
  }
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Builds the whole server: platform plugins, every module, the web app. Does not listen. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The pool is made before Fastify (and its logger) exists; connection errors are logged once it does.
  const log: { current?: FastifyBaseLogger } = {};
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pool: {
      size: config.database.poolSize,
      connectTimeoutMs: config.database.connectTimeoutMs,
      statementTimeoutMs: config.database.statementTimeoutMs,
      applicationName: options.applicationName ?? 'altwise',
      onConnectionError: (error) => log.current?.warn({ err: error }, 'lost a database connection; the pool replaces it'),
    },
  });
  try {
    await waitForDatabase(database.db, config.database.startTimeoutMs, config.databaseUrl);
    await migrateToLatest(database.db, database.dialect);
  } catch (error) {
    await database.destroy();
    throw error;
  }

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
    // A hop count as Fastify reads a number (its types only list the function form).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Slow clients (a body trickled a byte at a time) cannot hold a socket, nor a shutdown, for
    // longer than these: Node answers 408 and closes. Node checks its deadlines every
    // connectionsCheckingInterval (30 s by default, far coarser than the deadlines themselves).
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    http: {
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  log.current = app.log;
  // One rule for every string the API accepts, whatever the route: no NUL characters (see shared).
  if (config.trustProxyWasTrue) {
    app.log.warn(
      'TRUST_PROXY=true is read as one proxy hop: the client IP is the address your proxy saw. Set a hop count or the proxy addresses to silence this.',
    );
  }
  app.setValidatorCompiler((route) => validatorCompiler({ ...route, schema: rejectNulCharacters(route.schema as ZodType) }));
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
  registerGracefulClose(app, config.timeouts.requestMs);
  registerNoStore(app);
  await registerSecurityHeaders(app, config);
  await registerOpenApi(app);

  // Services, in dependency order. Each module owns its tables; others call its service.
  const rateLimiter = createRateLimiter(ctx);
  const users = createUserService(ctx);
  // Two-factor sign-in needs the mail outbox, made further down; the settings ask it only per request.
  const settings = createSettingsService(ctx, async (userId) => (await users.findById(userId)) !== undefined, (userId) => twoFactor.isEnabled(userId));
  const revocations = createRevocationBus({ db: ctx.db, dialect: ctx.dialect, databaseUrl: config.databaseUrl, logger: app.log });
  beforeDatabaseCloses.push(() => revocations.close());
  const accessTokens = createAccessTokens(ctx.keys.jwt, ctx.now, (userId) => users.sessionVersion(userId));
  const refreshTokens = createRefreshTokenService(ctx, (userId) => settings.sessionIdleLimitMs(userId));
  const quota = createQuotaService(ctx, { users });
  const usage = createUsageService(ctx, { quota });
  const instance = createInstanceRegistry(ctx.db, ctx.now, { deadAfterMs: config.instanceDeadAfterMs });
  await instance.heartbeat();
  const metering = createMeteringService(ctx, { quota, instance });
  const idempotency = createIdempotency(ctx, instance);
  beforeDatabaseCloses.push(() => usage.close());
  const apiKeys = createApiKeyService(ctx, { users, quota, usage, revocations, rateLimiter });
  const mail = createMailService({
    ctx,
    transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : createLogTransport(app.log),
    instance,
    logger: app.log,
    ...options.mail,
  });
  mail.start();
  // Before the database closes: the message being handed to the mail server is marked sent.
  beforeDatabaseCloses.unshift(() => mail.stop());
  const twoFactor = createTwoFactorService({ ctx, users, rateLimiter, mail });
  const loginAlerts = createLoginAlerts({ ctx, users, settings, mail });
  const limitAlerts = createLimitAlerts({ ctx, users, settings, mail, logger: app.log });
  quota.onLimitCrossing(limitAlerts.crossed);
  // Hourly: a Monday's reports go out within the hour, and an instance started later catches up.
  const weeklyReports = createWeeklyReports({ ctx, users, settings, quota, mail, logger: app.log });
  const weeklyTimer = setInterval(() => void weeklyReports.sendDue().catch((err: unknown) => app.log.warn({ err }, 'weekly usage reports failed')), 60 * 60 * 1000).unref();
  beforeDatabaseCloses.unshift(async () => clearInterval(weeklyTimer));
  const auth = createAuthService({
    ctx,
    users,
    accessTokens,
    refreshTokens,
    rateLimiter,
    revocations,
    registrationsPerHour: config.registrationsPerHour,
    twoFactor,
    loginAlerts,
  });
  const passwords = createPasswordService({ ctx, users, refreshTokens, revocations, rateLimiter, mail, startSession: auth.startSession });
  revocations.subscribe((revocation) => {
    apiKeys.forgetRevoked(revocation);
    if (revocation.kind === 'user') {
      accessTokens.forgetSession(revocation.id);
      users.forgetPlan(revocation.id);
    }
  });
  const billingSetup = billingSetupOf(config);
  const billing = createBillingService(ctx, { users, setup: billingSetup });
  const stripeWebhooks =
    billingSetup.mode === 'stripe' ? createStripeWebhookService(ctx, { users, stripe: billingSetup.stripe }) : null;
  const guards = createAuthGuards({ verifyAccessToken: accessTokens.verify, authenticateApiKey: apiKeys.authenticate });

  const lifecycle = createLifecycle({ db: ctx.db, metering, instance, logger: app.log, retention: createRetention(ctx, retentionTasks(ctx.db)) });
  lifecycle.start();
  // Last before the database closes: a clean exit leaves at once instead of waiting to be found dead.
  beforeDatabaseCloses.push(() => instance.leave().catch(() => undefined));
  app.addHook('onClose', async () => lifecycle.stopBackgroundWork());
  registerHealthRoutes(app, lifecycle);

  await app.register(authRoutes, { auth, guards, allowedOrigins: config.corsOrigins });
  await app.register(passwordRoutes, { passwords, guards });
  await app.register(twoFactorRoutes, { twoFactor, guards });
  await app.register(legalRoutes, { legal: createLegalService(config) });
  await app.register(usersRoutes, { users, settings, guards });
  await app.register(plansRoutes);
  await app.register(apiKeysRoutes, { apiKeys, guards });
  await app.register(usageRoutes, { usage, guards });
  await app.register(billingRoutes, { billing, guards, publicUrl: config.publicUrl, stripeWebhooks });

  // One engine (and so one cache and one queue of model calls) for every generation of the process.
  const vision = createVisionEngine(ctx, options.provider);
  const altText = createAltTextService({
    ctx,
    engine: vision.engine,
    metering,
    usage,
    logger: app.log,
    planOf: async (userId) => (await users.get(userId)).plan,
    withAccountStyle: (userId, options) => settings.generationOptions(userId, options),
  });
  // History rows before usage events: a request writes its history row first.
  beforeDatabaseCloses.unshift(() => altText.close());
  await app.register(altTextRoutes, { altText, guards, idempotency, maxImageBytes: config.images.maxBytes });
  const bulkJobs = createJobsModule({
    ctx,
    metering,
    describer: vision.engine,
    instance,
    planOf: async (userId) => (await users.get(userId)).plan,
    logger: app.log,
    webhookRetryBaseMs: options.jobs?.webhookRetryBaseMs,
  });
  await bulkJobs.register(app, { guards, idempotency });
  if (config.workers === 'inline') bulkJobs.start();
  // First of all before the database closes: items in flight settle and their commits are written.
  beforeDatabaseCloses.unshift(() => bulkJobs.stop());
  await app.register(auditsRoutes, { audits: createAuditService({ ctx, altText, jobs: bulkJobs.jobs, planOf: (userId) => users.planOf(userId) }), guards, idempotency });
  // After the modules whose rows an account owns (jobs, the alt-text cache): deletion goes through each.
  const account = createAccountService({ users, settings, refreshTokens, apiKeys, billing, quota, usage, db: ctx.db, revocations, passwords, mail, twoFactor, loginAlerts, limitAlerts, weeklyReports, jobs: bulkJobs, altText, idempotency });
  await app.register(accountRoutes, { account, guards });
  // A deleted account's running job items and webhook attempts stop wherever they run.
  revocations.subscribe((revocation) => {
    if (revocation.kind === 'user' && revocation.deleted) bulkJobs.forgetAccount(revocation.id);
  });
  await app.register(demoRoutes, { demo: createDemoService({ rateLimiter, altText, visionModel: vision.visionModel }) });

  app.decorate('altTextProvider', vision.label);
  app.decorate('db', ctx.db);
  app.decorate('lifecycle', lifecycle);
  app.decorate('weeklyReports', { sendDue: weeklyReports.sendDue });

  await registerWebApp(app, config);
  return app;
}
