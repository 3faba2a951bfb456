import { openAiChatBody } from '@altwise/engine';
import OpenAI, { toFile } from 'openai';
import type { BatchAnswer, BatchClient } from './batch-client';

/** Tag of a provider batch in its metadata: the local batch row it belongs to. */
export const MARKER_KEY = 'altwise_batch';
/** How far back the list is read for a marker (newest first): batches older than the local row are skipped. */
const LIST_PAGES = 20;

interface OutputLine {
  custom_id: string;
  response: {
    status_code: number;
    body?: {
      choices?: Array<{ message?: { content?: string | null } }>;
      usage?: { prompt_tokens?: number; completion_tokens?: number; prompt_tokens_details?: { cached_tokens?: number } };
      error?: { message?: string };
    };
  } | null;
  error: { code?: string; message?: string } | null;
}

/**
 * Error codes of a refused batch that a resubmission would meet again: the input or the model is
 * wrong (invalid_request, invalid_json_line, model_not_found, unsupported_parameter, missing_…,
 * mismatched_model, duplicate_custom_id…). Anything else (token_limit_exceeded, a server error)
 * may pass later.
 */
const PERMANENT_CODE = /^(invalid|model_not_found|unsupported|missing|mismatch|duplicate|empty|too_many_tasks)/;

/** A request's 4xx that may pass on a resend (a timeout, a conflict, a rate limit); any other 4xx refuses the request itself. */
const TRANSIENT_STATUS = new Set([408, 409, 429]);

/** OpenAI's Batch API through the official package: a JSONL file, then a 24 h batch on chat completions. */
export function createOpenAiBatchClient(options: { apiKey: string; baseUrl?: string; model: string }): BatchClient {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 2 });

  async function lines(fileId: string | null | undefined): Promise<OutputLine[]> {
    if (!fileId) return [];
    const text = await (await client.files.content(fileId)).text();
    return text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as OutputLine);
  }

  return {
    provider: 'openai',
    async submit(batchLines, marker) {
      const jsonl = batchLines.map((line) => JSON.stringify({ custom_id: line.customId, method: 'POST', url: '/v1/chat/completions', body: openAiChatBody(line.request, options.model, line.sample) })).join('\n');
      const file = await client.files.create({ file: await toFile(Buffer.from(`${jsonl}\n`), 'altwise-batch.jsonl'), purpose: 'batch' });
      const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h', metadata: { [MARKER_KEY]: marker } });
      return batch.id;
    },
    async findByMarker(marker, since) {
      let pages = 0;
      for await (const batch of client.batches.list({ limit: 100 })) {
        if (batch.metadata?.[MARKER_KEY] === marker) return batch.id;
        // Newest first: past the local row's creation, no batch can carry its marker.
        if (batch.created_at * 1000 < since - 60_000) return null;
        if (++pages > LIST_PAGES * 100) return null;
      }
      return null;
    },
    async ended(id) {
      const batch = await client.batches.retrieve(id);
      return ['completed', 'expired', 'cancelled', 'failed'].includes(batch.status);
    },
    async results(id) {
      const batch = await client.batches.retrieve(id);
      const answers: BatchAnswer[] = [];
      for (const line of [...(await lines(batch.output_file_id)), ...(await lines(batch.error_file_id))]) {
        if (line.response?.status_code === 200) {
          const body = line.response.body;
          const usage = body?.usage && { inputTokens: body.usage.prompt_tokens ?? 0, outputTokens: body.usage.completion_tokens ?? 0, cachedInputTokens: body.usage.prompt_tokens_details?.cached_tokens ?? 0 };
          answers.push({ customId: line.custom_id, ok: true, answer: body?.choices?.[0]?.message?.content ?? null, usage });
        } else if (line.error?.code === 'batch_expired' || line.error?.code === 'batch_cancelled') {
          // Not answered: left out, as an expired Anthropic request is.
          continue;
        } else {
          const status = line.response?.status_code;
          answers.push({
            customId: line.custom_id,
            ok: false,
            message: line.response?.body?.error?.message ?? line.error?.message ?? 'The provider could not answer this request',
            permanent: status !== undefined && status >= 400 && status < 500 && !TRANSIENT_STATUS.has(status),
          });
        }
      }
      // A batch that failed validation answered nothing: its requests count as unanswered.
      return answers;
    },
    async failure(id) {
      const batch = await client.batches.retrieve(id);
      if (batch.status !== 'failed') return null;
      const errors = batch.errors?.data ?? [];
      const message = errors.map((error) => `${error.code ?? 'error'}: ${error.message ?? 'no message'}${error.line ? ` (line ${error.line})` : ''}`).join('; ');
      return { permanent: errors.length > 0 && errors.every((error) => PERMANENT_CODE.test(error.code ?? '')), message: message || 'the provider gave no reason' };
    },
    async cancel(id) {
      await client.batches.cancel(id);
    },
  };
}
