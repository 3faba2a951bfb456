import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import sharp from 'sharp';

/** What one provider request carries, as counted from its wire body. */
export interface RequestTokens {
  /** Tokens of every text the request carries (system, user message), with o200k_base. */
  readonly text: number;
  /** Tokens of the structured-output schema as sent (compact JSON), with o200k_base. */
  readonly schema: number;
  /** Chat framing: 3 per message and 3 to prime the reply, as OpenAI counts it. */
  readonly framing: number;
  readonly image: { readonly width: number; readonly height: number };
}

const SCHEMA_KEYS = new Set(['schema', 'responseSchema', 'input_schema']);
const TEXT_KEYS = new Set(['text', 'content', 'system']);

/**
 * Counts a request body as the provider received it (captured at the fetch seam): text leaves
 * under text/content/system, the schema object, and the inline image's size. The tokenizer is
 * OpenAI's; for Anthropic and Google, whose tokenizers are not published, it is an estimate.
 */
export async function countRequest(rawBody: string): Promise<RequestTokens> {
  const body = JSON.parse(rawBody) as unknown;
  let text = 0;
  let schema = 0;
  let messages = 0;
  let imageData: string | undefined;
  const walk = (value: unknown, key: string | undefined) => {
    if (typeof value === 'string') {
      const data = /^data:image\/[a-z]+;base64,(.+)$/s.exec(value)?.[1] ?? (key === 'data' ? value : undefined);
      if (data) imageData = data;
      else if (key && TEXT_KEYS.has(key)) text += countTokens(value);
      return;
    }
    if (Array.isArray(value)) return value.forEach((item) => walk(item, key));
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if ('role' in record) messages += 1;
      for (const [child, inner] of Object.entries(record)) {
        if (SCHEMA_KEYS.has(child) && inner && typeof inner === 'object') {
          const { $schema: _ignored, ...rest } = inner as Record<string, unknown>;
          schema += countTokens(JSON.stringify(rest));
        } else walk(inner, child);
      }
    }
  };
  walk(body, undefined);
  // Anthropic and Google send the system prompt beside the messages rather than as one.
  const root = body as Record<string, unknown>;
  if ('system' in root || 'systemInstruction' in root) messages += 1;
  if (!imageData) throw new Error('request-tokens: no inline image in the request');
  const { width = 0, height = 0 } = await sharp(Buffer.from(imageData, 'base64')).metadata();
  return { text, schema, framing: 3 * messages + 3, image: { width, height } };
}
