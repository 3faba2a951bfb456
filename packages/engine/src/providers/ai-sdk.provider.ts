import type { LanguageModel, LanguageModelUsage } from 'ai';
import { Output, generateText } from 'ai';
import type { ImagePreparation } from '../image/image-preparer';
import { DEFAULT_PREPARATION } from '../image/image-preparer';
import { buildSystemPrompt, buildUserPrompt } from '../prompt';
import { altTextOutputSchema, visionOutputOf } from './alt-text.schema';
import { generationSettings, sampleSettings } from './model-request';
import type { RetryPolicy } from './retry-policy';
import { DEFAULT_RETRY_POLICY, withRetries } from './retry-policy';
import type { ProviderName, TokenUsage, VisionOutput, VisionProvider } from './vision-provider';

/** The AI SDK's usage report as ours; undefined when the provider reported no token counts. */
function tokenUsage(usage: LanguageModelUsage): TokenUsage | undefined {
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return undefined;
  return {
    inputTokens: usage.inputTokens ?? 0,
    outputTokens: usage.outputTokens ?? 0,
    cachedInputTokens: usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0,
  };
}

/** A fetch the SDK providers call instead of the global one (tests inject fakes through it). */
export type FetchFunction = typeof globalThis.fetch;

export interface AiSdkProviderOptions {
  readonly name: ProviderName;
  readonly model: string;
  readonly languageModel: LanguageModel;
  readonly preparation?: Partial<ImagePreparation>;
  readonly retry?: Partial<RetryPolicy>;
}

// Built once: it converts the zod schema to JSON Schema on creation and keeps no per-call state.
const ALT_TEXT_OUTPUT = Output.object({ schema: altTextOutputSchema, name: 'alt_text' });

/** One implementation for every model provider: they differ only in the AI SDK model they wrap. */
export function createAiSdkProvider(options: AiSdkProviderOptions): VisionProvider {
  const retry: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const preparation: ImagePreparation = Object.freeze({ ...DEFAULT_PREPARATION, ...options.preparation });

  const provider: VisionProvider = {
    name: options.name,
    model: options.model,
    preparation,
    async describe(input, signal): Promise<VisionOutput> {
      const base64 = input.image.bytes.toString('base64');
      const { output, usage } = await withRetries(
        async (attemptSignal) => {
          const result = await generateText({
            model: options.languageModel,
            system: buildSystemPrompt(),
            messages: [
              {
                role: 'user',
                content: [
                  { type: 'text', text: buildUserPrompt(input) },
                  // Inline data, not a URL: the provider inlines it (a data URL for Chat Completions),
                  // so the model never fetches anything and never sees the caller's URL. Encoded
                  // here because @ai-sdk/openai-compatible bundles a provider-utils that turns bytes
                  // into base64 with a per-byte JavaScript loop (~20 ms of CPU for 300 KB).
                  { type: 'image', image: base64, mediaType: input.image.mediaType },
                ],
              },
            ],
            output: ALT_TEXT_OUTPUT,
            // Our retry policy is the only one; two stacked policies would multiply attempts.
            maxRetries: 0,
            abortSignal: attemptSignal,
            // By model family (model-request.ts), as the batch line sends them.
            ...sampleSettings(generationSettings(options.name, options.model), input.sample),
          });
          // Read inside the retried call so a schema mismatch surfaces as this attempt's error.
          return { output: result.output, usage: result.usage };
        },
        retry,
        signal,
      );
      return visionOutputOf(output, tokenUsage(usage));
    },
  };
  return Object.freeze(provider);
}

/** What every provider factory takes besides its own connection settings. */
export interface ProviderFactoryOptions extends Pick<AiSdkProviderOptions, 'preparation' | 'retry'> {
  readonly model?: string;
  readonly fetch?: FetchFunction;
}

/** A hosted API reached with a key (OpenAI, Anthropic, Google); baseUrl points it at a proxy. */
export interface ApiKeyProviderOptions extends ProviderFactoryOptions {
  readonly apiKey: string;
  readonly baseUrl?: string;
}

/**
 * A provider factory from what sets one provider apart: its name, its default model, the longest
 * image edge worth its price, and how its AI SDK package builds the language model.
 */
export function defineAiSdkProvider<O extends ProviderFactoryOptions>(spec: {
  readonly name: ProviderName;
  readonly defaultModel: string;
  readonly maxEdge: number;
  readonly languageModel: (options: O, model: string) => LanguageModel;
}): (options: O) => VisionProvider {
  return (options) => {
    const model = options.model ?? spec.defaultModel;
    return createAiSdkProvider({
      name: spec.name,
      model,
      languageModel: spec.languageModel(options, model),
      preparation: { maxEdge: spec.maxEdge, ...options.preparation },
      retry: options.retry,
    });
  };
}
