import { createAnthropic } from '@ai-sdk/anthropic';
import type { AiSdkProviderOptions, FetchFunction } from './ai-sdk.provider';
import { createAiSdkProvider } from './ai-sdk.provider';
import type { VisionProvider } from './vision-provider';

export const ANTHROPIC_DEFAULT_MODEL = 'claude-haiku-4-5';

export interface AnthropicProviderOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  readonly apiKey: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly fetch?: FetchFunction;
}

export function createAnthropicProvider(options: AnthropicProviderOptions): VisionProvider {
  const model = options.model ?? ANTHROPIC_DEFAULT_MODEL;
  const anthropic = createAnthropic({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    fetch: options.fetch,
  });
  return createAiSdkProvider({
    name: 'anthropic',
    model,
    languageModel: anthropic(model),
    // Claude bills images by pixel count (about width x height / 750 tokens): 768 is plenty for alt text.
    preparation: { maxEdge: 768, ...options.preparation },
    retry: options.retry,
  });
}
