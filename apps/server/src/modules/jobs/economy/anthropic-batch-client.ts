import Anthropic from '@anthropic-ai/sdk';
import { generationSettings, sampleSettings } from '@altwise/engine';
import type { BatchAnswer, BatchClient, BatchLine } from './batch-client';

/** The message params a live call sends: the system prompt, the user message and image, the schema as the one tool. */
function paramsOf(line: BatchLine, model: string) {
  const { request } = line;
  // A verified item's later readings sample more freely, as live; Anthropic takes no seed.
  const { maxOutputTokens, temperature } = sampleSettings(generationSettings('anthropic', model), line.sample);
  return {
    model,
    max_tokens: maxOutputTokens,
    temperature,
    system: request.system,
    messages: [
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: request.user },
          { type: 'image' as const, source: { type: 'base64' as const, media_type: request.image.mediaType as 'image/jpeg', data: request.image.base64 } },
        ],
      },
    ],
    tools: [{ name: request.schemaName, input_schema: request.schema as Anthropic.Messages.Tool.InputSchema }],
    tool_choice: { type: 'tool' as const, name: request.schemaName },
  };
}

/**
 * Anthropic's Message Batches through the official package. Its batches carry no metadata, so a
 * batch accepted by Anthropic whose id we did not commit (a kill -9 in that one round trip) cannot
 * be found again: `findByMarker` answers null and the items are submitted again (docs/bulk-jobs.md,
 * "Economy mode", names this window).
 */
export function createAnthropicBatchClient(options: { apiKey: string; baseUrl?: string; model: string }): BatchClient {
  // ANTHROPIC_BASE_URL names the API root with /v1 (as the live provider takes it); the SDK adds /v1 itself.
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl?.replace(/\/v1\/?$/, ''), maxRetries: 2 });
  return {
    provider: 'anthropic',
    async submit(batchLines) {
      const batch = await client.messages.batches.create({ requests: batchLines.map((line) => ({ custom_id: line.customId, params: paramsOf(line, options.model) })) });
      return batch.id;
    },
    async findByMarker() {
      return null;
    },
    async ended(id) {
      return (await client.messages.batches.retrieve(id)).processing_status === 'ended';
    },
    async results(id) {
      const answers: BatchAnswer[] = [];
      for await (const line of await client.messages.batches.results(id)) {
        const { result } = line;
        if (result.type === 'succeeded') {
          const tool = result.message.content.find((block) => block.type === 'tool_use');
          const usage = result.message.usage;
          answers.push({
            customId: line.custom_id,
            ok: true,
            answer: tool && tool.type === 'tool_use' ? tool.input : null,
            usage: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens, cachedInputTokens: usage.cache_read_input_tokens ?? 0 },
          });
        } else if (result.type === 'errored') {
          answers.push({ customId: line.custom_id, ok: false, message: result.error.error.message });
        }
        // expired, canceled: not answered.
      }
      return answers;
    },
    // Anthropic ends a batch (processing_status "ended") with a result per request, never refused as a whole.
    failure: async () => null,
    async cancel(id) {
      await client.messages.batches.cancel(id);
    },
  };
}
