import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { AiSdkProviderOptions, FetchFunction } from './ai-sdk.provider';
import { createAiSdkProvider } from './ai-sdk.provider';
import type { VisionProvider } from './vision-provider';

export const GOOGLE_DEFAULT_MODEL = 'gemini-2.5-flash';

export interface GoogleProviderOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  readonly apiKey: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly fetch?: FetchFunction;
}

export function createGoogleProvider(options: GoogleProviderOptions): VisionProvider {
  const model = options.model ?? GOOGLE_DEFAULT_MODEL;
  const google = createGoogleGenerativeAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    fetch: options.fetch,
  });
  return createAiSdkProvider({
    name: 'google',
    model,
    languageModel: google(model),
    // Gemini counts images in 768 x 768 tiles: a long edge of 768 keeps most images to one or two.
    preparation: { maxEdge: 768, ...options.preparation },
    retry: options.retry,
  });
}
