/**
 * List prices of the default model of each hosted provider, in US dollars per million tokens, as
 * the providers published them when this table was last checked by hand (see `checked`). Batch
 * prices are the providers' own: OpenAI's Batch API and Anthropic's Message Batches bill half of
 * the list price for work finished within 24 hours. Update this one file when prices move; the
 * cost rows of `npm run bench` read nothing else.
 */
export interface ModelPrice {
  readonly provider: 'openai' | 'anthropic' | 'google';
  readonly model: string;
  readonly inputPerMillion: number;
  readonly cachedInputPerMillion: number;
  readonly outputPerMillion: number;
  /** Share of the list price a provider batch costs; null where the provider sells none we use. */
  readonly batchFactor: number | null;
  /** Input tokens the provider bills for one image of this size. */
  readonly imageTokens: (width: number, height: number) => number;
  readonly checked: string;
}

/** OpenAI high detail: fit 2048², shortest side to 768 (downscale only), then 512-px tiles. */
function openAiTiles(width: number, height: number): number {
  let scale = Math.min(1, 2048 / Math.max(width, height));
  let w = width * scale;
  let h = height * scale;
  scale = Math.min(1, 768 / Math.min(w, h));
  w = Math.round(w * scale);
  h = Math.round(h * scale);
  return Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** The gpt-4o family's image formula: 85 base + 170 per tile (255 for one 512-px tile). */
export const gpt4oImageTokens = (width: number, height: number) => 85 + 170 * openAiTiles(width, height);

/** Claude: about width × height / 750 tokens, after its own 1,568-px long-edge cap. */
export function claudeImageTokens(width: number, height: number): number {
  const scale = Math.min(1, 1568 / Math.max(width, height));
  return Math.ceil((Math.round(width * scale) * Math.round(height * scale)) / 750);
}

export const PRICES: readonly ModelPrice[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    inputPerMillion: 0.15,
    cachedInputPerMillion: 0.075,
    outputPerMillion: 0.6,
    batchFactor: 0.5,
    // gpt-4o-mini bills images at 2,833 + 5,667 per tile: priced to cost what gpt-4o's 85 + 170 do.
    imageTokens: (width, height) => 2833 + 5667 * openAiTiles(width, height),
    checked: '2025-10',
  },
  {
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    inputPerMillion: 1,
    cachedInputPerMillion: 0.1,
    outputPerMillion: 5,
    batchFactor: 0.5,
    imageTokens: claudeImageTokens,
    checked: '2025-10',
  },
  {
    provider: 'google',
    model: 'gemini-2.5-flash',
    inputPerMillion: 0.3,
    cachedInputPerMillion: 0.075,
    outputPerMillion: 2.5,
    batchFactor: null,
    // 258 tokens up to 384 px on both sides, else 258 per 768 × 768 tile.
    imageTokens: (width, height) =>
      width <= 384 && height <= 384 ? 258 : 258 * Math.ceil(width / 768) * Math.ceil(height / 768),
    checked: '2025-10',
  },
];

/** Dollars for 1,000 images at these token counts. */
export function costPerThousand(price: ModelPrice, inputTokens: number, outputTokens: number, batch = false): number {
  const perImage = (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000;
  return perImage * 1000 * (batch && price.batchFactor !== null ? price.batchFactor : 1);
}
