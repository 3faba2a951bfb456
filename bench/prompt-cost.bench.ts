/**
 * What one image costs to describe, counted from the requests themselves (issue 26): the full input
 * (system prompt, user message, output schema, chat framing, image) and a typical answer, with
 * OpenAI's tokenizer (o200k_base) and each provider's published image formula, priced from
 * bench/support/list-prices.ts. "Before" is the prompt and schema as they were before the prompt
 * work (bench/support/prompt-baseline.ts), rebuilt and captured the same way in the same run.
 */
import { createAltTextEngine, createProvider, isEngineError } from '@altwise/engine';
import type { ProviderConfig } from '@altwise/engine';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { SYSTEM_PROMPT } from '../packages/engine/src/prompt';
import { photoJpeg } from './support/fixtures';
import { PRICES, costPerThousand, gpt4oImageTokens } from './support/list-prices';
import type { ModelPrice } from './support/list-prices';
import { baselineRequestBody } from './support/prompt-baseline';
import { countRequest } from './support/request-tokens';
import type { RequestTokens } from './support/request-tokens';
import type { BenchRow } from './support/stats';

const CONTEXT = 'Product page: Falcon 2 trail running shoe, breathable mesh upper';
const FILE_NAME = 'falcon-2.jpg';
/** A typical answer, as the structured output returns it: the output side of every call. */
const TYPICAL_ANSWER = JSON.stringify({
  altText: 'Falcon 2 trail running shoe in blue and orange, side view, showing the breathable mesh upper',
  isDecorative: false,
  containsText: false,
  textInImage: '',
  longDescription: '',
  keywordsShown: [],
});

const CONFIGS: Record<ModelPrice['provider'], ProviderConfig> = {
  openai: { provider: 'openai', openaiApiKey: 'bench' },
  anthropic: { provider: 'anthropic', anthropicApiKey: 'bench' },
  google: { provider: 'google', googleApiKey: 'bench' },
};

/** The request the engine sends today for the bench image, captured at the fetch seam and refused. */
async function currentRequestBody(config: ProviderConfig, photo: Buffer): Promise<string> {
  let body: string | undefined;
  const capture: typeof fetch = async (_url, init) => {
    body = String(init?.body ?? '');
    return new Response(JSON.stringify({ error: { message: 'captured' } }), { status: 400 });
  };
  const engine = createAltTextEngine({ provider: createProvider(config, { fetch: capture, retry: { maxAttempts: 1 } }) });
  await engine.describe({ bytes: photo, fileName: FILE_NAME }, { context: CONTEXT, language: 'en', maxLength: 125 }).catch((error: unknown) => {
    if (!isEngineError(error)) throw error;
  });
  if (!body) throw new Error(`prompt-cost bench: no request captured for ${config.provider}`);
  if (!body.includes(JSON.stringify(SYSTEM_PROMPT).slice(1, 200))) throw new Error('prompt-cost bench: the captured request does not carry SYSTEM_PROMPT');
  return body;
}

/** The inline image of a captured request, to send the very same bytes in the baseline. */
function inlineImage(rawBody: string): { base64: string; mediaType: string } {
  const match = /(?:data:(image\/[a-z]+);base64,|"media_?[tT]ype":"(image\/[a-z]+)","data":"|"mimeType":"(image\/[a-z]+)","data":")([A-Za-z0-9+/=]{1000,})/.exec(rawBody);
  if (!match) throw new Error('prompt-cost bench: no inline image captured');
  return { mediaType: (match[1] ?? match[2] ?? match[3])!, base64: match[4]! };
}

const textInput = (tokens: RequestTokens) => tokens.text + tokens.schema + tokens.framing;
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

export async function benchPromptCost(): Promise<BenchRow[]> {
  const photo = await photoJpeg(1600, 1200, 26);
  const output = countTokens(TYPICAL_ANSWER);
  const rows: BenchRow[] = [];
  for (const price of PRICES) {
    const current = await currentRequestBody(CONFIGS[price.provider], photo);
    const image = inlineImage(current);
    const baseline = await baselineRequestBody(
      price.provider,
      { language: 'en', maxLength: 125, metadata: {}, context: CONTEXT, fileName: FILE_NAME },
      image,
    );
    const after = await countRequest(current);
    const before = await countRequest(baseline);
    const imageTokens = price.imageTokens(after.image.width, after.image.height);
    if (price.provider === 'openai') {
      // The target row: OpenAI at 512 px with the gpt-4o family's image formula (255 tokens).
      const gpt4oImage = gpt4oImageTokens(after.image.width, after.image.height);
      const measured = textInput(after) + gpt4oImage;
      const was = textInput(before) + gpt4oImage;
      rows.push({
        name: `input tokens per image, OpenAI ${after.image.width}×${after.image.height} (text ${textInput(after)} + image ${gpt4oImage}; before: text ${textInput(before)}), o200k_base`,
        measured,
        baseline: was,
        ratio: round(measured / was),
        target: '≤ 0.60',
        pass: measured / was <= 0.6,
        unit: 'tokens',
      });
    }
    const measuredCost = costPerThousand(price, textInput(after) + imageTokens, output);
    const baselineCost = costPerThousand(price, textInput(before) + imageTokens, output);
    const tokenizer = price.provider === 'openai' ? 'o200k_base' : 'text estimated with o200k_base';
    rows.push({
      name: `cost per 1,000 images, ${price.model} (input ${textInput(after)} text + ${imageTokens} image, output ${output}; list prices of ${price.checked}; ${tokenizer})`,
      measured: round(measuredCost),
      baseline: round(baselineCost),
      ratio: round(measuredCost / baselineCost),
      target: 'reported',
      pass: true,
      unit: 'USD',
    });
    if (price.batchFactor !== null) {
      // Economy jobs send this very request as a batch line (jobs/economy/: the engine's
      // prepareRequest), so the same counts are billed at the provider's batch price.
      const economyCost = costPerThousand(price, textInput(after) + imageTokens, output, true);
      rows.push({
        name: `cost per 1,000 images, ${price.model}, economy (batch API, ${price.batchFactor} × list) vs standard (the same input ${textInput(after) + imageTokens} and output ${output} tokens; list prices of ${price.checked})`,
        measured: round(economyCost),
        baseline: round(measuredCost),
        ratio: round(economyCost / measuredCost),
        target: '≤ 0.55',
        pass: economyCost / measuredCost <= 0.55,
        unit: 'USD',
      });
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchPromptCost());
