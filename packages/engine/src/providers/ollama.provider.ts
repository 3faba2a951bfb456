import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ProviderFactoryOptions } from './ai-sdk.provider';
import { defineAiSdkProvider } from './ai-sdk.provider';

export const OLLAMA_DEFAULT_MODEL = 'llama3.2-vision';
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434';

export interface OllamaProviderOptions extends ProviderFactoryOptions {
  /** Ollama's own address (OLLAMA_BASE_URL), without /v1. */
  readonly baseUrl?: string;
}

/** Ollama through its OpenAI-compatible endpoint, which accepts json_schema response formats. */
export const createOllamaProvider = defineAiSdkProvider<OllamaProviderOptions>({
  name: 'ollama',
  defaultModel: OLLAMA_DEFAULT_MODEL,
  maxEdge: 1024,
  languageModel: ({ baseUrl, fetch }, model) => {
    const root = (baseUrl ?? OLLAMA_DEFAULT_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');
    return createOpenAICompatible({ name: 'ollama', baseURL: `${root}/v1`, supportsStructuredOutputs: true, fetch }).chatModel(model);
  },
});
