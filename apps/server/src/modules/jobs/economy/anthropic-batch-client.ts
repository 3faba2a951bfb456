import Anthropic from '@anthropic-ai/sdk';
import { generationSettings } from '@altwise/engine';
import type { BatchAnswer, BatchClient, BatchLine } from './batch-client';

/**
 * The message params a live call sends: the system prompt, the user message and image, the schema as
 * the one tool. No sampling parameter: the official SDK speaks API version 2026-10-21, which refuses
 * temperature, top_p and top_k with a 400 ("Extra inputs are not permitted", even at their defaults)
 * and whose published types no longer have them. So a verified item's readings are each the model's
 * own draw at its default sampling (independent requests), where the live path (the AI SDK, an older
 * API version) still spreads them by temperature; Anthropic takes no seed either way.
 */
function paramsOf(line: BatchLine, model: string) {
  const { request } = line;
  const { maxOutputTokens } = generationSettings('anthropic', model);
  return {
    model,
    max_tokens: maxOutputTokens,
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
          // Anthropic's errored results: a request error (fix the request) or a server error (retry).
          const type = result.error.error.type;
          answers.push({ customId: line.custom_id, ok: false, message: result.error.error.message, permanent: type === 'invalid_request_error' || type === 'not_found_error' });
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
