import { createOpenAI } from '@ai-sdk/openai';
import type { AiSdkProviderOptions, FetchFunction } from './ai-sdk.provider';
import { createAiSdkProvider } from './ai-sdk.provider';
import type { VisionProvider } from './vision-provider';

export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

export interface OpenAiProviderOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  readonly apiKey: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly fetch?: FetchFunction;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): VisionProvider {
  const model = options.model ?? OPENAI_DEFAULT_MODEL;
  const openai = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  return createAiSdkProvider({
    name: 'openai',
    model,
    // Chat Completions rather than the Responses API: strict json_schema output works on
    // every vision model there, and one wire format keeps the loopback fake honest.
    languageModel: openai.chat(model),
    // One 512-px tile at high detail: 255 tokens instead of 765 for a photo (OpenAI scales the short
    // side to 768 itself, so 1024 bought nothing but tiles). Alt text needs the gist; high detail on
    // one tile still reads text better than 'low' detail (85 tokens) would. ALT_IMAGE_MAX_EDGE overrides.
    preparation: { maxEdge: 512, ...options.preparation },
    retry: options.retry,
  });
}
