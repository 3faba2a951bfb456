import { createAnthropic } from '@ai-sdk/anthropic';
import type { ApiKeyProviderOptions } from './ai-sdk.provider';
import { defineAiSdkProvider } from './ai-sdk.provider';

export const ANTHROPIC_DEFAULT_MODEL = 'claude-haiku-4-5';

export type AnthropicProviderOptions = ApiKeyProviderOptions;

export const createAnthropicProvider = defineAiSdkProvider<AnthropicProviderOptions>({
  name: 'anthropic',
  defaultModel: ANTHROPIC_DEFAULT_MODEL,
  // Claude bills images by pixel count (about width x height / 750 tokens): 768 is plenty for alt text.
  maxEdge: 768,
  languageModel: ({ apiKey, baseUrl, fetch }, model) => createAnthropic({ apiKey, baseURL: baseUrl, fetch })(model),
});
