import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AiSdkProviderOptions, FetchFunction } from './ai-sdk.provider';
import { createAiSdkProvider } from './ai-sdk.provider';
import type { VisionProvider } from './vision-provider';

export const OPENAI_COMPATIBLE_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiCompatibleProviderOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  /** Base URL of a Chat Completions server, including its version path (e.g. http://host/v1). */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly model?: string;
  readonly fetch?: FetchFunction;
}

export function createOpenAiCompatibleProvider(options: OpenAiCompatibleProviderOptions): VisionProvider {
  const model = options.model ?? OPENAI_COMPATIBLE_DEFAULT_MODEL;
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: options.baseUrl.replace(/\/+$/, ''),
    apiKey: options.apiKey,
    // Sends response_format json_schema instead of hoping the model writes JSON.
    supportsStructuredOutputs: true,
    fetch: options.fetch,
  });
  return createAiSdkProvider({
    name: 'openai-compatible',
    model,
    languageModel: provider.chatModel(model),
    preparation: { maxEdge: 1024, ...options.preparation },
    retry: options.retry,
  });
}
