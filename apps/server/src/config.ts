import path from 'node:path';
import { z } from 'zod';

const PROVIDERS = ['auto', 'offline', 'openai', 'openai-compatible', 'ollama', 'anthropic', 'google'] as const;
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
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** DESIGN.md §3: the configuration contract. Only this file reads the environment. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.refine((url) => !url || /^postgres(ql)?:\/\//.test(url), {
    message: 'must start with postgres:// (leave it unset for SQLite)',
  }),
  REDIS_URL: optionalText,
  APP_SECRET: optionalText.refine((secret) => !secret || secret.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ALT_PROVIDER: z.enum(PROVIDERS).default('auto'),
  ALT_MODEL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.refine((url) => !url || URL.canParse(url), { message: 'must be a URL' }),
  OLLAMA_BASE_URL: z.string().trim().url().default('http://127.0.0.1:11434'),
  ANTHROPIC_API_KEY: optionalText,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  // Altwise's own: the longest edge sent to the model, overriding the provider's default.
  ALT_IMAGE_MAX_EDGE: z.coerce.number().int().min(256).max(2048).optional(),
  IMAGE_MAX_BYTES: positiveInt(10_485_760),
  IMAGE_FETCH_TIMEOUT_MS: positiveInt(10_000),
  IMAGE_FETCH_ALLOW: commaList,
  BATCH_CONCURRENCY: positiveInt(8),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CORS_ORIGINS: commaList,
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST_DIR: optionalText,
});

export type Config = Readonly<ReturnType<typeof toConfig>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function toConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    redisUrl: env.REDIS_URL ?? null,
    appSecret: env.APP_SECRET ?? null,
    ai: {
      provider: env.ALT_PROVIDER,
      model: env.ALT_MODEL,
      openaiApiKey: env.OPENAI_API_KEY,
      openaiBaseUrl: env.OPENAI_BASE_URL,
      ollamaBaseUrl: env.OLLAMA_BASE_URL,
      anthropicApiKey: env.ANTHROPIC_API_KEY,
      googleApiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
      maxImageEdge: env.ALT_IMAGE_MAX_EDGE,
    },
    images: {
      maxBytes: env.IMAGE_MAX_BYTES,
      fetchTimeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
      fetchAllow: env.IMAGE_FETCH_ALLOW,
    },
    batchConcurrency: env.BATCH_CONCURRENCY,
    logLevel: env.LOG_LEVEL,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
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
  return Object.freeze(toConfig(parsed.data));
}
