import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderFactoryOptions } from './ai-sdk.provider';
import { defineAiSdkProvider } from './ai-sdk.provider';

export const OPENAI_COMPATIBLE_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiCompatibleProviderOptions extends ProviderFactoryOptions {
  /** Base URL of a Chat Completions server, including its version path (e.g. http://host/v1). */
  readonly baseUrl: string;
  readonly apiKey?: string;
}

export const createOpenAiCompatibleProvider = defineAiSdkProvider<OpenAiCompatibleProviderOptions>({
  name: 'openai-compatible',
  defaultModel: OPENAI_COMPATIBLE_DEFAULT_MODEL,
  maxEdge: 1024,
  languageModel: ({ baseUrl, apiKey, fetch }, model) =>
    createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: baseUrl.replace(/\/+$/, ''),
      apiKey,
      // Sends response_format json_schema instead of hoping the model writes JSON.
      supportsStructuredOutputs: true,
      fetch,
    }).chatModel(model),
});
