import type { Described } from '@altwise/engine';
import type { TokenCounts } from '@altwise/shared';
import type { GenerationRow } from './generation.repository';

/**
 * The tokens a description cost, as the provider reported them (docs/cost.md): none for an answer
 * from the cache or one that joined an identical call in flight (no model was called for it).
 */
export function usageOf(described: Pick<Described, 'usage' | 'cached'>): TokenCounts | undefined {
  if (described.cached || !described.usage) return undefined;
  const { inputTokens, outputTokens, cachedInputTokens } = described.usage;
  return { inputTokens, outputTokens, cachedInputTokens };
}

/**
 * `{ usage }` to spread into a result (a job item's stored result JSON, an API result), or nothing
 * when no model was called. Job runners (live and economy) call it so every writer stores the same.
 */
export function resultUsage(described: Pick<Described, 'usage' | 'cached'>): { usage?: TokenCounts } {
  const usage = usageOf(described);
  return usage ? { usage } : {};
}

/** A history row's token columns (NULL: no model was called). */
export function usageColumns(usage: TokenCounts | undefined): Pick<GenerationRow, 'input_tokens' | 'output_tokens' | 'cached_input_tokens'> {
  return {
    input_tokens: usage?.inputTokens ?? null,
    output_tokens: usage?.outputTokens ?? null,
    cached_input_tokens: usage ? usage.cachedInputTokens : null,
  };
}

/** `{ usage }` of a history row, or nothing for a row whose description called no model (or older than the columns). */
export function rowUsage(row: Pick<GenerationRow, 'input_tokens' | 'output_tokens' | 'cached_input_tokens'>): { usage?: TokenCounts } {
  if (row.input_tokens === null || row.output_tokens === null) return {};
  return { usage: { inputTokens: Number(row.input_tokens), outputTokens: Number(row.output_tokens), cachedInputTokens: Number(row.cached_input_tokens ?? 0) } };
}
