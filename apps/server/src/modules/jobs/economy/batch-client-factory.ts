import { resolveProviderName } from '@altwise/engine';
import type { Config } from '../../../config';
import { createAnthropicBatchClient } from './anthropic-batch-client';
import type { BatchClient } from './batch-client';
import { createOpenAiBatchClient } from './openai-batch-client';

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-haiku-4-5' } as const;

/** The provider's batch API where it has one (OpenAI, Anthropic), else null: economy jobs run as standard. */
export function batchClientFor(ai: Config['ai']): { client: BatchClient | null; provider: string } {
  const provider = resolveProviderName(ai);
  if (provider === 'openai' && ai.openaiApiKey) {
    return { provider, client: createOpenAiBatchClient({ apiKey: ai.openaiApiKey, baseUrl: ai.openaiBaseUrl, model: ai.model || DEFAULT_MODELS.openai }) };
  }
  if (provider === 'anthropic' && ai.anthropicApiKey) {
    return { provider, client: createAnthropicBatchClient({ apiKey: ai.anthropicApiKey, baseUrl: ai.anthropicBaseUrl, model: ai.model || DEFAULT_MODELS.anthropic }) };
  }
  return { provider, client: null };
}
