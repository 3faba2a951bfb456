import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const PROVIDERS = ['auto', 'offline', 'openai', 'openai-compatible', 'ollama', 'anthropic', 'google'] as const;
/** Providers a verified description's readings may be spread over (a second witness must read pixels). */
const VERIFY_PROVIDER_NAMES = ['openai', 'openai-compatible', 'ollama', 'anthropic', 'google'] as const;
type VerifyProviderName = (typeof VERIFY_PROVIDER_NAMES)[number];
/** Each provider's own variable it cannot run without (ollama has a default address). */
const PROVIDER_NEEDS: Record<VerifyProviderName, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'ANTHROPIC_API_KEY' | 'GOOGLE_GENERATIVE_AI_API_KEY' | null> = {
  openai: 'OPENAI_API_KEY',
  'openai-compatible': 'OPENAI_BASE_URL',
  ollama: null,
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
/** VERIFY_PROVIDERS: `anthropic, ollama:qwen2.5vl` — a provider name as ALT_PROVIDER takes it, and optionally `:model`. */
const verifyProvidersSchema = commaList.transform((entries, ctx) => {
  const parsed: Array<{ provider: VerifyProviderName; model?: string }> = [];
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const name = (at < 0 ? entry : entry.slice(0, at)).trim();
    const model = at < 0 ? undefined : entry.slice(at + 1).trim() || undefined;
    if (!(VERIFY_PROVIDER_NAMES as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', message: `"${name}" is not one of ${VERIFY_PROVIDER_NAMES.join(', ')} (optionally with :model)` });
      return z.NEVER;
    }
    parsed.push({ provider: name as VerifyProviderName, model });
  }
  return parsed;
});
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An IPv4/IPv6 address or a CIDR range (what Fastify's trustProxy takes in a list). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/`false` (no proxy), a hop count (`1`: one reverse proxy in front), or a comma
 * list of proxy addresses/CIDRs. The client IP is then the right-most address not trusted, never a
 * left entry a client can write itself. `true` used to trust every hop; it now means one hop.
 */
const trustProxySchema = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx) => {
    if (value === '' || value === 'false' || value === '0') return { trust: false as const, legacyTrue: false };
    if (value === 'true') return { trust: 1, legacyTrue: true };
    if (/^\d+$/.test(value)) return { trust: Number(value), legacyTrue: false };
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `must be false, a hop count or a comma list of addresses/CIDRs (bad: ${bad.join(', ')})` });
      return z.NEVER;
    }
    return { trust: entries, legacyTrue: false };
  });

/** docs/configuration.md: the configuration contract. Only this file reads the environment. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine((url) => !url || /^postgres(ql)?:\/\//.test(url), {
    message: 'must start with postgres:// (leave it unset for SQLite)',
  }),
  REDIS_URL: optionalText.refine((url) => !url || /^rediss?:\/\//.test(url), { message: 'must start with redis:// or rediss://' }),
  // Namespaces every BullMQ key, so that several deployments (or test runs) can share one Redis.
  REDIS_PREFIX: z.string().trim().regex(/^[\w.-]+$/, 'letters, digits, _ . - only').default('altwise'),
  APP_SECRET: optionalText.refine((secret) => !secret || secret.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ALT_PROVIDER: z.enum(PROVIDERS).default('auto'),
  ALT_MODEL: optionalText,
  // Altwise's own: more providers a verified description's readings are spread over (issue 36).
  VERIFY_PROVIDERS: verifyProvidersSchema,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
  OLLAMA_BASE_URL: z.string().trim().url().default('http://127.0.0.1:11434'),
  ANTHROPIC_API_KEY: optionalText,
  // A proxy in front of Anthropic's API (tests point it at a loopback fake).
  ANTHROPIC_BASE_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
  // Economy bulk jobs (the providers' batch APIs): how often a provider batch is polled, and most items per provider batch.
  ECONOMY_POLL_MS: positiveInt(60_000),
  ECONOMY_BATCH_MAX_ITEMS: positiveInt(5_000),
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  // Altwise's own: the longest edge sent to the model, overriding the provider's default.
  ALT_IMAGE_MAX_EDGE: z.coerce.number().int().min(256).max(2048).optional(),
  IMAGE_MAX_BYTES: positiveInt(10_485_760),
  IMAGE_FETCH_TIMEOUT_MS: positiveInt(10_000),
  IMAGE_FETCH_ALLOW: commaList,
  // The exiftool that writes alt text into uploads' XMP (embed: "iptc"); Debian's libimage-exiftool-perl.
  EXIFTOOL_PATH: z.string().trim().min(1).default('exiftool'),
  // Separate lists (issue 18): allow-listing an intranet image host must not let every user read that
  // host's HTML through audits, nor make it a webhook target.
  PAGE_FETCH_ALLOW: commaList,
  // Site monitors (docs/monitors.md): the least time between two requests to a crawled host.
  MONITOR_MIN_GAP_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  WEBHOOK_ALLOW: commaList,
  BATCH_CONCURRENCY: positiveInt(8),
  MODEL_CONCURRENCY: positiveInt(16),
  // Model requests per minute (bulk-job items), across every worker when REDIS_URL is set.
  MODEL_RPM: z.coerce.number().int().positive().optional(),
  // inline: this process works through bulk-job items; none: it only serves the API (workers elsewhere).
  WORKERS: z.enum(['inline', 'none']).default('inline'),
  DATABASE_POOL_SIZE: positiveInt(10),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(10_000),
  DATABASE_START_TIMEOUT_MS: positiveInt(30_000),
  // Altwise's own (docs/operations.md "Running several instances"): an instance silent this long counts as dead, and a
  // job item's lease not renewed this long is free again. Heartbeats are written every fifth of it.
  INSTANCE_DEAD_AFTER_MS: z.coerce.number().int().min(1_000).default(10_000),
  SHUTDOWN_TIMEOUT_MS: positiveInt(25_000),
  CACHE_TTL_DAYS: positiveInt(30),
  RETENTION_DAYS: positiveInt(400),
  // Altwise's own: a bulk job (items, webhook deliveries) is removed this many days after it ended.
  JOB_RETENTION_DAYS: positiveInt(90),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: commaList,
  TRUST_PROXY: trustProxySchema,
  // Altwise's own: slow clients (docs/security.md "Slow clients"). A request must arrive whole within
  // REQUEST_TIMEOUT_MS (its headers within HEADERS_TIMEOUT_MS), else 408; a socket silent for
  // CONNECTION_TIMEOUT_MS is closed.
  REQUEST_TIMEOUT_MS: positiveInt(30_000),
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  CONNECTION_TIMEOUT_MS: positiveInt(300_000),
  REGISTRATIONS_PER_HOUR: positiveInt(5),
  BILLING_PROVIDER: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['none', 'test', 'stripe']).default('none')),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_ENTERPRISE: optionalText,
  // How long a Stripe subscription that is past_due (a renewal payment failed, Stripe retrying) keeps
  // its paid plan, counted from the start of the unpaid period; then the account is on Free until paid.
  STRIPE_PAST_DUE_GRACE_HOURS: z.coerce.number().int().min(0).max(24 * 90).default(72),
  // Where the Stripe client connects (tests point it at a loopback fake); unset: api.stripe.com.
  STRIPE_API_BASE_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
  // The web app's public address, for Stripe's return links; unset: taken from the request.
  PUBLIC_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
  WEB_DIST_DIR: optionalText,
  // Mail (docs/operations.md "Email"): smtp:// upgrades with STARTTLS, smtps:// is TLS from the start. Unset:
  // every message is written to the server log instead of being sent.
  SMTP_URL: optionalText.refine((url) => !url || /^smtps?:\/\/[^\s]+$/.test(url), { message: 'must start with smtp:// or smtps://' }),
  MAIL_FROM: z.string().trim().min(3).default('Altwise <no-reply@localhost>'),
  // Terms and Privacy (docs/operations.md "Terms and Privacy"): Markdown files an operator writes; unset, the defaults.
  TERMS_FILE: optionalText,
  PRIVACY_FILE: optionalText,
  OPERATOR_CONTACT: optionalText,
});

/** Every variable the server reads (docs/configuration.md lists each one; config.test.ts holds them together). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Config = Readonly<ReturnType<typeof toConfig>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    appSecret: env.APP_SECRET ?? null,
    ai: {
      provider: env.ALT_PROVIDER,
      model: env.ALT_MODEL,
      openaiApiKey: env.OPENAI_API_KEY,
      openaiBaseUrl: env.OPENAI_BASE_URL,
      ollamaBaseUrl: env.OLLAMA_BASE_URL,
      anthropicApiKey: env.ANTHROPIC_API_KEY,
      anthropicBaseUrl: env.ANTHROPIC_BASE_URL,
      googleApiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
      maxImageEdge: env.ALT_IMAGE_MAX_EDGE,
      /** VERIFY_PROVIDERS: beside the main provider, who reads a verified image (keys from the same variables). */
      verifyProviders: env.VERIFY_PROVIDERS,
    },
    images: {
      maxBytes: env.IMAGE_MAX_BYTES,
      fetchTimeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
      /** IMAGE_FETCH_ALLOW: images only (generations, jobs, an audited page's images). */
      fetchAllow: env.IMAGE_FETCH_ALLOW,
      /** EXIFTOOL_PATH: the exiftool command that writes XMP for `embed: "iptc"`. */
      exiftool: env.EXIFTOOL_PATH,
    },
    /** PAGE_FETCH_ALLOW: `host:port` entries an audit may fetch the HTML page of despite the SSRF guard. */
    pages: { fetchAllow: env.PAGE_FETCH_ALLOW },
    /** MONITOR_MIN_GAP_MS: site crawls wait this long between two requests to one host (or its robots.txt Crawl-delay, if longer). */
    monitors: { minGapMs: env.MONITOR_MIN_GAP_MS },
    /** WEBHOOK_ALLOW: `host:port` entries job webhooks may be sent to despite the SSRF guard. */
    webhooks: { allow: env.WEBHOOK_ALLOW },
    batchConcurrency: env.BATCH_CONCURRENCY,
    modelConcurrency: env.MODEL_CONCURRENCY,
    modelRpm: env.MODEL_RPM ?? null,
    /** ECONOMY_POLL_MS, ECONOMY_BATCH_MAX_ITEMS: economy jobs through the providers' batch APIs. */
    economy: { pollMs: env.ECONOMY_POLL_MS, batchMaxItems: env.ECONOMY_BATCH_MAX_ITEMS },
    workers: env.WORKERS,
    database: {
      poolSize: env.DATABASE_POOL_SIZE,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      startTimeoutMs: env.DATABASE_START_TIMEOUT_MS,
    },
    /** INSTANCE_DEAD_AFTER_MS: the staleness window of heartbeats and job-item leases. */
    instanceDeadAfterMs: env.INSTANCE_DEAD_AFTER_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    retention: { cacheTtlDays: env.CACHE_TTL_DAYS, retentionDays: env.RETENTION_DAYS, jobRetentionDays: env.JOB_RETENTION_DAYS },
    logLevel: env.LOG_LEVEL,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY.trust,
    /** TRUST_PROXY=true, read as one hop: said in the log at start. */
    trustProxyWasTrue: env.TRUST_PROXY.legacyTrue,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_MS,
      // Node requires the headers deadline not to exceed the whole-request one.
      headersMs: Math.min(env.HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      connectionMs: env.CONNECTION_TIMEOUT_MS,
    },
    registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
    publicUrl: env.PUBLIC_URL ?? null,
    /**
     * The origin of links in mail: PUBLIC_URL, else http://localhost:PORT. Never the request's Host
     * header, which whoever asks for a reset link could set to their own site.
     */
    linkBaseUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    mail: { smtpUrl: env.SMTP_URL ?? null, from: env.MAIL_FROM },
    legal: {
      termsFile: env.TERMS_FILE ? path.resolve(env.TERMS_FILE) : null,
      privacyFile: env.PRIVACY_FILE ? path.resolve(env.PRIVACY_FILE) : null,
      operatorContact: env.OPERATOR_CONTACT ?? null,
    },
    billing: {
      provider: env.BILLING_PROVIDER,
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY ?? null,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
        prices: { pro: env.STRIPE_PRICE_PRO ?? null, enterprise: env.STRIPE_PRICE_ENTERPRISE ?? null },
        apiBaseUrl: env.STRIPE_API_BASE_URL ?? null,
        pastDueGraceMs: env.STRIPE_PAST_DUE_GRACE_HOURS * 3_600_000,
      },
    },
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(env.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const config = toConfig(parsed.data);
  const unready = config.ai.verifyProviders.filter(({ provider }) => {
    const needs = PROVIDER_NEEDS[provider];
    return needs !== null && !parsed.data[needs];
  });
  if (unready.length > 0) {
    throw new ConfigError(`Invalid configuration: VERIFY_PROVIDERS ${unready.map(({ provider }) => `${provider} needs ${PROVIDER_NEEDS[provider]}`).join(', ')}`);
  }
  if (config.billing.provider === 'stripe') {
    const missing = Object.entries({
      STRIPE_SECRET_KEY: config.billing.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: config.billing.stripe.webhookSecret,
      STRIPE_PRICE_PRO: config.billing.stripe.prices.pro,
      STRIPE_PRICE_ENTERPRISE: config.billing.stripe.prices.enterprise,
    }).filter(([, value]) => !value);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration: BILLING_PROVIDER=stripe needs ${missing.map(([name]) => name).join(', ')}`);
    }
  }
  return Object.freeze(config);
}
