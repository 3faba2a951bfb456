import { Output } from 'ai';
import { EngineError } from './errors/engine-error';
import { buildSystemPrompt, buildUserPrompt } from './prompt';
import { altTextOutputSchema, visionOutputOf } from './providers/alt-text.schema';
import type { ProviderName, TokenUsage, VisionInput, VisionOutput, VisionProvider } from './providers/vision-provider';

/**
 * One image's model request, as a live call sends it, for a provider's batch API: the caller
 * wraps it in the provider's batch line (OpenAI's chat completion body, Anthropic's message params).
 */
export interface PreparedRequest {
  /** SHA-256 of the image's bytes (the job's de-duplication and the item's record). */
  readonly sha256: string;
  readonly provider: ProviderName;
  readonly model: string;
  readonly system: string;
  readonly user: string;
  /** The prepared pixels (downscaled for this provider, metadata-free), base64. */
  readonly image: { readonly base64: string; readonly mediaType: string };
  /** The structured-output schema, as the AI SDK sends it on a live call. */
  readonly schema: Record<string, unknown>;
  /** The JSON Schema dialect the live call names in the schema (`$schema`), kept apart from it. */
  readonly schemaDialect?: string;
  /** The output schema's name (OpenAI's json_schema name, Anthropic's tool name). */
  readonly schemaName: string;
  /** The description cache's key of this image and these options (set by the engine's prepareRequest). */
  readonly cacheKey?: string;
  /** What local OCR read in the image (set by prepareRequest): a verified item's witness for its text. */
  readonly ocrText?: string;
}

const SCHEMA_NAME = 'alt_text';
// The live call's Output (ai-sdk.provider.ts builds the same): its JSON Schema is what we send.
const OUTPUT = Output.object({ schema: altTextOutputSchema, name: SCHEMA_NAME });
let schema: { schema: Record<string, unknown>; dialect?: string } | undefined;

async function outputSchema(): Promise<{ schema: Record<string, unknown>; dialect?: string }> {
  if (!schema) {
    const format = await OUTPUT.responseFormat;
    const { $schema: dialect, ...rest } = (format as unknown as { schema: Record<string, unknown> }).schema;
    schema = { schema: rest, ...(typeof dialect === 'string' ? { dialect } : {}) };
  }
  return schema;
}

export async function requestOf(provider: VisionProvider, input: VisionInput, sha256: string): Promise<PreparedRequest> {
  const output = await outputSchema();
  return {
    sha256,
    provider: provider.name,
    model: provider.model,
    system: buildSystemPrompt(),
    user: buildUserPrompt(input),
    image: { base64: input.image.bytes.toString('base64'), mediaType: input.image.mediaType },
    schema: output.schema,
    ...(output.dialect ? { schemaDialect: output.dialect } : {}),
    schemaName: SCHEMA_NAME,
  };
}

/** A batch answer read as a live one is: the schema, else a provider error (retried as one). */
export function parseBatchAnswer(answer: unknown, usage?: TokenUsage): VisionOutput {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (cause) {
      throw new EngineError('provider_error', 'The model did not answer in the expected format', { cause });
    }
  }
  const parsed = altTextOutputSchema.safeParse(value);
  if (!parsed.success) throw new EngineError('provider_error', 'The model did not answer in the expected format', { cause: parsed.error });
  return visionOutputOf(parsed.data, usage);
}
