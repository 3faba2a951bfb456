import { createOpenAI } from '@ai-sdk/openai';
import type { ApiKeyProviderOptions } from './ai-sdk.provider';
import { defineAiSdkProvider } from './ai-sdk.provider';

export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';

export type OpenAiProviderOptions = ApiKeyProviderOptions;

export const createOpenAiProvider = defineAiSdkProvider<OpenAiProviderOptions>({
  name: 'openai',
  defaultModel: OPENAI_DEFAULT_MODEL,
  // One 512-px tile at high detail: 255 tokens instead of 765 for a photo (OpenAI scales the short
  // side to 768 itself, so 1024 bought nothing but tiles). Alt text needs the gist; high detail on
  // one tile still reads text better than 'low' detail (85 tokens) would. ALT_IMAGE_MAX_EDGE overrides.
  maxEdge: 512,
  // Chat Completions rather than the Responses API: strict json_schema output works on
  // every vision model there, and one wire format keeps the loopback fake honest.
  languageModel: ({ apiKey, baseUrl, fetch }, model) => createOpenAI({ apiKey, baseURL: baseUrl, fetch }).chat(model),
});
