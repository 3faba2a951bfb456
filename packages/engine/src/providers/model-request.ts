// What a model request carries besides the prompt, per model family, in one place for the live call
// (the AI SDK) and the provider batch line (economy jobs). OpenAI's reasoning models (the o-series,
// gpt-5 but its -chat models) take no temperature, count output in `max_completion_tokens` (OpenAI's
// description: `max_tokens` "is not compatible with o-series models") and read the system prompt as
// a developer message; the AI SDK's OpenAI chat model sends them so, and the batch body below does too.
import type { PreparedRequest } from '../batch-request';
import type { ProviderName } from './vision-provider';

export const MAX_OUTPUT_TOKENS = 1024;
export const TEMPERATURE = 0.2;

export type ModelFamily = 'sampling' | 'reasoning';

export function modelFamily(provider: ProviderName, model: string): ModelFamily {
  if (provider !== 'openai') return 'sampling';
  const id = model.toLowerCase();
  return /^o\d/.test(id) || (id.startsWith('gpt-5') && !id.startsWith('gpt-5-chat'))
    ? 'reasoning'
    : 'sampling';
}

/** The live call's settings (generateText's), by family. */
export function generationSettings(
  provider: ProviderName,
  model: string,
): { maxOutputTokens: number; temperature?: number } {
  return modelFamily(provider, model) === 'reasoning'
    ? { maxOutputTokens: MAX_OUTPUT_TOKENS }
    : { maxOutputTokens: MAX_OUTPUT_TOKENS, temperature: TEMPERATURE };
}

/**
 * A verified description's readings differ in sampling only (same prompt, purpose, language):
 * reading 0 is the usual call; reading n gets a higher temperature (sampling models) and seed n,
 * so the readings are independent draws and reproducible where the provider honours seeds.
 */
export function sampleSettings(
  settings: { maxOutputTokens: number; temperature?: number },
  sample: number | undefined,
): { maxOutputTokens: number; temperature?: number; seed?: number } {
  if (!sample) return settings;
  const temperature = settings.temperature === undefined ? undefined : Math.min(1, Math.round((TEMPERATURE + 0.35 * sample) * 100) / 100);
  return { ...settings, ...(temperature !== undefined && { temperature }), seed: sample };
}

/**
 * The Chat Completions body of a prepared request: the body the live call sends, for a batch line.
 * `sample`: a verified description's reading, sampled as the live reading is (sampleSettings).
 */
export function openAiChatBody(
  request: PreparedRequest,
  model: string = request.model,
  sample?: number,
): Record<string, unknown> {
  const reasoning = modelFamily('openai', model) === 'reasoning';
  const sampled = sampleSettings(generationSettings('openai', model), sample);
  return {
    model,
    messages: [
      { role: reasoning ? 'developer' : 'system', content: request.system },
      {
        role: 'user',
        content: [
          { type: 'text', text: request.user },
          {
            type: 'image_url',
            image_url: { url: `data:${request.image.mediaType};base64,${request.image.base64}` },
          },
        ],
      },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: request.schemaName,
        strict: true,
        schema: request.schemaDialect
          ? { $schema: request.schemaDialect, ...request.schema }
          : request.schema,
      },
    },
    ...(reasoning
      ? { max_completion_tokens: sampled.maxOutputTokens }
      : { max_tokens: sampled.maxOutputTokens, temperature: sampled.temperature }),
    ...(sampled.seed !== undefined && { seed: sampled.seed }),
  };
}
