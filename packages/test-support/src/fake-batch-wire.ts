// The providers' batch objects and result files, as the fake batch API (fake-batch-api.ts) answers
// them: the shapes the official `openai` and `@anthropic-ai/sdk` packages read. Each is typed by the
// SDK's own published type, so a fake answer the real API could not give fails the typecheck.
import { randomUUID } from 'node:crypto';
import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { ErrorObject as AnthropicErrorObject } from '@anthropic-ai/sdk/resources/shared';
import type { Batch, BatchError } from 'openai/resources/batches';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { ErrorObject } from 'openai/resources/shared';

export interface FakeBatchAnswer {
  altText: string;
  isDecorative: boolean;
  containsText: boolean;
  textInImage: string;
  longDescription: string;
  keywordsShown: string[];
}

export interface FakeBatchRequest {
  readonly customId: string;
  /** The request body as the provider would run it (chat completion or message params). */
  readonly body: any;
}

/** One of a refused OpenAI batch's errors, as the Batch object's `errors.data` lists them. */
export interface FakeBatchError {
  readonly code: string;
  readonly message: string;
  readonly param?: string | null;
  readonly line?: number | null;
}

/** A request the provider answered with an error: its message, and for a refused request its HTTP status and error object. */
export interface FakeRequestFailure {
  readonly error: string;
  readonly status?: number;
  readonly type?: string;
  readonly code?: string | null;
  readonly param?: string | null;
}

/**
 * A batch's state, in OpenAI's words (the published Batch type's status). Anthropic shows fewer:
 * validating, in_progress and finalizing are its in_progress, cancelling its canceling, and every
 * end (completed, cancelled, expired) its ended; it refuses a bad batch at creation instead of failing it.
 */
export type FakeBatchStatus = Batch['status'];

export interface FakeBatch {
  readonly id: string;
  readonly provider: 'openai' | 'anthropic';
  readonly requests: readonly FakeBatchRequest[];
  readonly metadata: Record<string, string>;
  readonly createdAt: number;
  /** 1 for the first batch the server took, 2 for the next… */
  readonly submission: number;
  status: FakeBatchStatus;
  /** When each status began (ms), for the Batch object's *_at fields. */
  readonly times: Partial<Record<FakeBatchStatus, number>>;
  /** Set by a cancel call (the batch is cancelling or cancelled). */
  cancelled: boolean;
  expired: boolean;
  /** OpenAI refused the batch as a whole (status failed, no output): its `errors.data`. */
  refusal?: ReadonlyArray<FakeBatchError>;
  /** Results by custom_id, decided once: when it finished, or (partly) when it was cancelled or expired. */
  results?: Map<string, FakeBatchAnswer | FakeRequestFailure>;
}

const ENDED: readonly FakeBatchStatus[] = ['completed', 'failed', 'cancelled', 'expired'];
/** Whether the batch has ended (OpenAI: completed, failed, cancelled, expired; Anthropic: ended). */
export const hasEnded = (batch: FakeBatch) => ENDED.includes(batch.status);

/** A line of an OpenAI output or error file (the SDK publishes no type for the line, only for its body). */
interface OpenAiOutputLine {
  id: string;
  custom_id: string;
  response: { status_code: number; request_id: string; body: ChatCompletion | { error: ErrorObject } } | null;
  error: BatchError | null;
}

const iso = (ms: number) => new Date(ms).toISOString();
const secs = (ms: number) => Math.floor(ms / 1000);

const counts = (batch: FakeBatch) => {
  const results = batch.results ? [...batch.results.values()] : [];
  const failed = results.filter((result) => 'error' in result).length;
  return { total: batch.requests.length, completed: results.length - failed, failed };
};

/** An OpenAI Batch object, as its status shows it. */
export function openaiBatch(batch: FakeBatch): Batch {
  const at = (status: FakeBatchStatus) => {
    const ms = batch.times[status];
    return ms === undefined ? {} : { [`${status}_at`]: secs(ms) };
  };
  const base = {
    id: batch.id,
    object: 'batch' as const,
    endpoint: '/v1/chat/completions',
    input_file_id: 'file-input',
    completion_window: '24h',
    status: batch.status,
    created_at: secs(batch.createdAt),
    expires_at: secs(batch.createdAt + 86_400_000),
    metadata: batch.metadata,
    ...at('in_progress'),
    ...at('finalizing'),
    ...at('cancelling'),
  };
  if (batch.status === 'validating') return { ...base, request_counts: { total: 0, completed: 0, failed: 0 } };
  if (batch.status === 'failed') {
    // Refused while validating: no output and no error file, only the reasons.
    const errors = (batch.refusal ?? []).map(
      (error): BatchError => ({ code: error.code, message: error.message, param: error.param ?? null, line: error.line ?? null }),
    );
    return { ...base, ...at('failed'), errors: { object: 'list', data: errors }, request_counts: { total: 0, completed: 0, failed: 0 } };
  }
  const results = batch.results ? [...batch.results.values()] : [];
  const hasOutput = results.some((result) => !('error' in result));
  const ended = hasEnded(batch);
  const hasErrors = ended && (results.some((result) => 'error' in result) || results.length < batch.requests.length);
  return {
    ...base,
    ...at('completed'),
    ...at('cancelled'),
    ...at('expired'),
    // Absent, not null, until there is one: the published Batch type has no null for them.
    ...(ended && hasOutput ? { output_file_id: `file-out-${batch.id}` } : {}),
    ...(hasErrors ? { error_file_id: `file-err-${batch.id}` } : {}),
    request_counts: counts(batch),
  };
}

/** An OpenAI output or error file: one JSON line per request. */
export function openaiOutput(batch: FakeBatch, errors: boolean): string {
  const lines: OpenAiOutputLine[] = [];
  for (const request of batch.requests) {
    const result = batch.results?.get(request.customId);
    if (!errors && result && !('error' in result)) {
      const body: ChatCompletion = {
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        created: secs(Date.now()),
        model: request.body?.model ?? 'gpt-4o-mini',
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(result), refusal: null }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 640, completion_tokens: 40, total_tokens: 680, prompt_tokens_details: { cached_tokens: 0 } },
      };
      lines.push({ id: `batch_req_${randomUUID()}`, custom_id: request.customId, response: { status_code: 200, request_id: randomUUID(), body }, error: null });
    } else if (errors && result && 'error' in result) {
      const error: ErrorObject = { message: result.error, type: result.type ?? 'server_error', param: result.param ?? null, code: result.code ?? null };
      lines.push({ id: `batch_req_${randomUUID()}`, custom_id: request.customId, response: { status_code: result.status ?? 500, request_id: randomUUID(), body: { error } }, error: null });
    } else if (errors && !result) {
      const code = batch.cancelled ? 'batch_cancelled' : 'batch_expired';
      lines.push({ id: `batch_req_${randomUUID()}`, custom_id: request.customId, response: null, error: { code, message: `This request could not be executed before the batch ${batch.cancelled ? 'was cancelled' : 'expired'}.` } });
    }
  }
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** An Anthropic MessageBatch, as its status shows it; `origin` is where its results are read. */
export function anthropicBatch(batch: FakeBatch, origin: string): MessageBatch {
  const results = batch.results ? [...batch.results.values()] : [];
  const errored = results.filter((result) => 'error' in result).length;
  const done = hasEnded(batch);
  const unanswered = batch.requests.length - results.length;
  const endedAt = batch.times.completed ?? batch.times.cancelled ?? batch.times.expired;
  return {
    id: batch.id,
    type: 'message_batch',
    processing_status: done ? 'ended' : batch.status === 'cancelling' ? 'canceling' : 'in_progress',
    request_counts: {
      processing: done ? 0 : unanswered,
      succeeded: results.length - errored,
      errored,
      canceled: done && batch.cancelled ? unanswered : 0,
      expired: done && batch.expired ? unanswered : 0,
    },
    created_at: iso(batch.createdAt),
    ended_at: done && endedAt !== undefined ? iso(endedAt) : null,
    expires_at: iso(batch.createdAt + 86_400_000),
    archived_at: null,
    cancel_initiated_at: batch.times.cancelling === undefined ? null : iso(batch.times.cancelling),
    results_url: done ? `${origin}/v1/messages/batches/${batch.id}/results` : null,
  };
}

/**
 * An errored request's error as Anthropic's results give it: a refusal of the request itself
 * (invalid_request_error, which a resend meets again), or a server-side one (api_error, overloaded_error).
 */
function anthropicErrorOf(failure: FakeRequestFailure): AnthropicErrorObject {
  const type = failure.type === 'invalid_request_error' || failure.type === 'overloaded_error' ? failure.type : 'api_error';
  return { type, message: failure.error };
}

/** An Anthropic results file: one JSON line per request. */
export function anthropicResults(batch: FakeBatch): string {
  return batch.requests
    .map((request): MessageBatchIndividualResponse => {
      const result = batch.results?.get(request.customId);
      if (!result) return { custom_id: request.customId, result: { type: batch.cancelled ? 'canceled' : 'expired' } };
      if ('error' in result) return { custom_id: request.customId, result: { type: 'errored', error: { type: 'error', error: anthropicErrorOf(result), request_id: `req_${randomUUID()}` } } };
      return {
        custom_id: request.customId,
        result: {
          type: 'succeeded',
          message: {
            id: `msg_${randomUUID()}`,
            type: 'message',
            role: 'assistant',
            model: request.body?.model ?? 'claude',
            content: [{ type: 'tool_use', id: `toolu_${randomUUID()}`, name: 'alt_text', input: result, caller: { type: 'direct' } }],
            container: null,
            diagnostics: null,
            stop_details: null,
            stop_reason: 'tool_use',
            stop_sequence: null,
            usage: {
              input_tokens: 700,
              output_tokens: 45,
              cache_read_input_tokens: 0,
              cache_creation_input_tokens: 0,
              cache_creation: null,
              inference_geo: null,
              output_tokens_details: null,
              server_tool_use: null,
              service_tier: 'batch',
              speed: null,
            },
          },
        },
      };
    })
    .map((line) => `${JSON.stringify(line)}\n`)
    .join('');
}
