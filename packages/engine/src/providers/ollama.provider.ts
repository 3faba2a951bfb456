import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiSdkProviderOptions, FetchFunction } from './ai-sdk.provider';
import { createAiSdkProvider } from './ai-sdk.provider';
import type { VisionProvider } from './vision-provider';

export const OLLAMA_DEFAULT_MODEL = 'llama3.2-vision';
export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434';

export interface OllamaProviderOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  /** Ollama's own address (OLLAMA_BASE_URL), without /v1. */
  readonly baseUrl?: string;
  readonly model?: string;
  readonly fetch?: FetchFunction;
}

/** Ollama through its OpenAI-compatible endpoint, which accepts json_schema response formats. */
export function createOllamaProvider(options: OllamaProviderOptions = {}): VisionProvider {
  const model = options.model ?? OLLAMA_DEFAULT_MODEL;
  const root = (options.baseUrl ?? OLLAMA_DEFAULT_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');
  const provider = createOpenAICompatible({
    name: 'ollama',
    baseURL: `${root}/v1`,
    supportsStructuredOutputs: true,
    fetch: options.fetch,
  });
  return createAiSdkProvider({
    name: 'ollama',
    model,
    languageModel: provider.chatModel(model),
    preparation: { maxEdge: 1024, ...options.preparation },
    retry: options.retry,
  });
}
