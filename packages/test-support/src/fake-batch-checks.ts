// What the providers check in a batch before and while running it, as the fake batch API applies it.
// OpenAI takes any file and batch, then fails the batch while validating, with `errors` naming the
// line: a line not JSON (invalid_json_line), custom_id used twice (duplicate_custom_id), a line for
// another endpoint (url_mismatch) or model (model_mismatch), an empty file (empty_file), over 50,000
// requests (too_many_tasks). The code for a missing custom_id, method, url or body is the fake's own
// (missing_required_parameter). A request the model refuses (max_tokens or a temperature other than 1
// to a reasoning model, o-series and gpt-5) is answered 400 in the error file, as the live API answers
// it. Anthropic refuses the whole create (400 invalid_request_error) for a duplicate or malformed
// custom_id, params without model, max_tokens or messages, or (API version 2026-10-21, which the
// official SDK sends) with a sampling parameter.
import type { FakeBatchError, FakeBatchRequest, FakeRequestFailure } from './fake-batch-wire';

const MAX_OPENAI_REQUESTS = 50_000;
const CUSTOM_ID = /^[a-zA-Z0-9_-]{1,64}$/;
/** Reasoning models: max_completion_tokens only, and only the default temperature. */
const REASONING_MODEL = /^(o\d|gpt-5)/;

export interface OpenAiInput {
  readonly requests: FakeBatchRequest[];
  readonly errors: FakeBatchError[];
  readonly lines: ReadonlyArray<{ line: number; value: Record<string, unknown> }>;
}

/** The JSONL input file, line by line: the requests it holds, and the lines that are not JSON objects. */
export function parseOpenAiInput(content: string): OpenAiInput {
  const requests: FakeBatchRequest[] = [];
  const errors: FakeBatchError[] = [];
  const lines: Array<{ line: number; value: Record<string, unknown> }> = [];
  content.split('\n').forEach((text, index) => {
    if (!text.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ code: 'invalid_json_line', message: 'This line is not parseable as valid JSON.', line: index + 1 });
      return;
    }
    const entry = value as Record<string, unknown>;
    lines.push({ line: index + 1, value: entry });
    requests.push({ customId: String(entry.custom_id), body: entry.body });
  });
  return { requests, errors, lines };
}

/** Why OpenAI would fail this batch while validating it; empty when it would run it. */
export function openaiInputErrors(input: OpenAiInput, endpoint: string): FakeBatchError[] {
  const errors = [...input.errors];
  if (input.lines.length === 0 && errors.length === 0)
    errors.push({ code: 'empty_file', message: 'The input file is empty.' });
  if (input.lines.length > MAX_OPENAI_REQUESTS)
    errors.push({ code: 'too_many_tasks', message: `A batch holds at most ${MAX_OPENAI_REQUESTS} requests.` });
  const seen = new Set<string>();
  let model: unknown;
  for (const { line, value } of input.lines) {
    for (const field of ['custom_id', 'method', 'url', 'body'])
      if (value[field] === undefined || value[field] === null || value[field] === '')
        errors.push({ code: 'missing_required_parameter', message: `Missing required parameter: '${field}'.`, param: field, line });
    if (typeof value.custom_id === 'string') {
      if (seen.has(value.custom_id))
        errors.push({
          code: 'duplicate_custom_id',
          message: `The custom_id '${value.custom_id}' is used more than once in the file.`,
          param: 'custom_id',
          line,
        });
      seen.add(value.custom_id);
    }
    if (value.method !== undefined && value.method !== 'POST')
      errors.push({ code: 'invalid_request', message: 'Only POST requests are supported.', param: 'method', line });
    if (value.url !== undefined && value.url !== endpoint)
      errors.push({
        code: 'url_mismatch',
        message: `The url '${String(value.url)}' does not match the batch's endpoint '${endpoint}'.`,
        param: 'url',
        line,
      });
    const body = value.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object') {
      if (model === undefined) model = body.model;
      else if (body.model !== model)
        errors.push({ code: 'model_mismatch', message: 'Every request of a batch must use the same model.', param: 'body.model', line });
    }
  }
  return errors;
}

/** The 400 the chat completions API answers a request with, or undefined when it would run it. */
export function openaiRequestRefusal(body: unknown): FakeRequestFailure | undefined {
  const request = (body ?? {}) as Record<string, unknown>;
  const model = String(request.model ?? '');
  if (!REASONING_MODEL.test(model)) return undefined;
  if (request.max_tokens !== undefined)
    return {
      error: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      status: 400,
      type: 'invalid_request_error',
      code: 'unsupported_parameter',
      param: 'max_tokens',
    };
  if (request.temperature !== undefined && request.temperature !== 1)
    return {
      error: `Unsupported value: 'temperature' does not support ${String(request.temperature)} with this model. Only the default (1) value is supported.`,
      status: 400,
      type: 'invalid_request_error',
      code: 'unsupported_value',
      param: 'temperature',
    };
  return undefined;
}

/**
 * The API version from which Anthropic refuses the sampling parameters (temperature, top_p, top_k:
 * "Extra inputs are not permitted", even at their defaults); the official SDK sends it since 1.0 and
 * its types no longer have them.
 */
const NO_SAMPLING_VERSION = '2026-10-21';
const SAMPLING = ['temperature', 'top_p', 'top_k'];

/** Why Anthropic would refuse the create call (its 400's message), or undefined; `version` is the anthropic-version header. */
export function anthropicRefusal(body: unknown, version = NO_SAMPLING_VERSION): string | undefined {
  const requests = (body as { requests?: unknown })?.requests;
  if (!Array.isArray(requests) || requests.length === 0) return 'requests: at least one request is required';
  const seen = new Set<string>();
  for (const [index, entry] of requests.entries()) {
    const { custom_id: customId, params } = (entry ?? {}) as { custom_id?: unknown; params?: Record<string, unknown> };
    if (typeof customId !== 'string' || !CUSTOM_ID.test(customId))
      return `requests.${index}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`;
    if (seen.has(customId)) return `requests.${index}.custom_id: Duplicate custom_id '${customId}'`;
    seen.add(customId);
    for (const field of ['model', 'max_tokens', 'messages'])
      if (params?.[field] === undefined) return `requests.${index}.params.${field}: Field required`;
    const sampling = version >= NO_SAMPLING_VERSION ? SAMPLING.find((field) => params?.[field] !== undefined) : undefined;
    if (sampling) return `requests.${index}.params.${sampling}: Extra inputs are not permitted`;
  }
  return undefined;
}
