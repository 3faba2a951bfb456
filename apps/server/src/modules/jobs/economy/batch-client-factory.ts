import { resolveProviderName } from '@altwise/engine';
import type { Config } from '../../../config';
import type { BatchClient } from './batch-client';

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-haiku-4-5' } as const;

export interface BatchApi {
  readonly client: BatchClient | null;
  readonly provider: string;
}

/**
 * The provider's batch API where it has one (OpenAI, Anthropic), else null: economy jobs run as standard.
 * Each SDK is imported only for its provider (jobs.module.ts: optionalParts).
 */
export async function batchClientFor(ai: Config['ai']): Promise<BatchApi> {
  const provider = resolveProviderName(ai);
  if (provider === 'openai' && ai.openaiApiKey) {
    const { createOpenAiBatchClient } = await import('./openai-batch-client');
    return { provider, client: createOpenAiBatchClient({ apiKey: ai.openaiApiKey, baseUrl: ai.openaiBaseUrl, model: ai.model || DEFAULT_MODELS.openai }) };
  }
  if (provider === 'anthropic' && ai.anthropicApiKey) {
    const { createAnthropicBatchClient } = await import('./anthropic-batch-client');
    return { provider, client: createAnthropicBatchClient({ apiKey: ai.anthropicApiKey, baseUrl: ai.anthropicBaseUrl, model: ai.model || DEFAULT_MODELS.anthropic }) };
  }
  return { provider, client: null };
}
