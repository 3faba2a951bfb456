import type { FetchFunction } from './ai-sdk.provider';
import { createAnthropicProvider } from './anthropic.provider';
import { createGoogleProvider } from './google.provider';
import { createOfflineProvider } from './offline.provider';
import { createOllamaProvider } from './ollama.provider';
import { createOpenAiCompatibleProvider } from './openai-compatible.provider';
import { createOpenAiProvider } from './openai.provider';
import type { RetryPolicy } from './retry-policy';
import type { ProviderName, VisionProvider } from './vision-provider';

export type ProviderSetting = 'auto' | ProviderName;

/** Plain values, read from the environment by the server's config.ts (never here). */
export interface ProviderConfig {
  readonly provider: ProviderSetting;
  readonly model?: string;
  readonly openaiApiKey?: string;
  readonly openaiBaseUrl?: string;
  readonly ollamaBaseUrl?: string;
  readonly anthropicApiKey?: string;
  readonly anthropicBaseUrl?: string;
  readonly googleApiKey?: string;
  /** Overrides the provider's longest image edge (default 1024; OpenAI 512; 768 for pixel-billed providers). */
  readonly maxImageEdge?: number;
}

/** Test and benchmark seams; production passes nothing. */
export interface ProviderDependencies {
  readonly retry?: Partial<RetryPolicy>;
  readonly fetch?: FetchFunction;
}

/** `auto`: the first provider whose key is set (OpenAI, Anthropic, Google), else offline. */
export function resolveProviderName(config: ProviderConfig): ProviderName {
  if (config.provider !== 'auto') return config.provider;
  if (config.openaiApiKey) return config.openaiBaseUrl ? 'openai-compatible' : 'openai';
  if (config.anthropicApiKey) return 'anthropic';
  if (config.googleApiKey) return 'google';
  return 'offline';
}

function required(value: string | undefined, variable: string, provider: string): string {
  if (!value) throw new Error(`The ${provider} provider needs ${variable}`);
  return value;
}

export function createProvider(
  config: ProviderConfig,
  dependencies: ProviderDependencies = {},
): VisionProvider {
  const name = resolveProviderName(config);
  const shared = {
    model: config.model || undefined,
    retry: dependencies.retry,
    fetch: dependencies.fetch,
    preparation: config.maxImageEdge ? { maxEdge: config.maxImageEdge } : undefined,
  };
  switch (name) {
    case 'offline':
      return createOfflineProvider();
    case 'openai':
      return createOpenAiProvider({
        ...shared,
        apiKey: required(config.openaiApiKey, 'OPENAI_API_KEY', 'openai'),
        baseUrl: config.openaiBaseUrl,
      });
    case 'openai-compatible':
      return createOpenAiCompatibleProvider({
        ...shared,
        apiKey: config.openaiApiKey,
        baseUrl: required(config.openaiBaseUrl, 'OPENAI_BASE_URL', 'openai-compatible'),
      });
    case 'ollama':
      return createOllamaProvider({ ...shared, baseUrl: config.ollamaBaseUrl });
    case 'anthropic':
      return createAnthropicProvider({
        ...shared,
        apiKey: required(config.anthropicApiKey, 'ANTHROPIC_API_KEY', 'anthropic'),
        baseUrl: config.anthropicBaseUrl,
      });
    case 'google':
      return createGoogleProvider({
        ...shared,
        apiKey: required(config.googleApiKey, 'GOOGLE_GENERATIVE_AI_API_KEY', 'google'),
      });
  }
}
