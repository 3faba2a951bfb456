import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { ApiKeyProviderOptions } from './ai-sdk.provider';
import { defineAiSdkProvider } from './ai-sdk.provider';

export const GOOGLE_DEFAULT_MODEL = 'gemini-2.5-flash';

export type GoogleProviderOptions = ApiKeyProviderOptions;

export const createGoogleProvider = defineAiSdkProvider<GoogleProviderOptions>({
  name: 'google',
  defaultModel: GOOGLE_DEFAULT_MODEL,
  // Gemini counts images in 768 x 768 tiles: a long edge of 768 keeps most images to one or two.
  maxEdge: 768,
  languageModel: ({ apiKey, baseUrl, fetch }, model) =>
    createGoogleGenerativeAI({ apiKey, baseURL: baseUrl, fetch })(model),
});
