// The contract between the economy batch clients and the providers' batch APIs, held to the official
// SDKs' published parameter types (sdk-type-check.ts): every request the fake batch API received,
// as sent, is the value of the type the SDK publishes for that call. An OpenAI input file's every
// line is the documented request-input object ({custom_id, method, url, body}) whose body is the SDK's
// ChatCompletionCreateParamsNonStreaming; Anthropic's create is its BatchCreateParams, every line's
// params its MessageCreateParamsNonStreaming. An unknown field, a missing one or a wrong value is a problem.
import type { FakeBatchCall } from './fake-batch-http';
import type { TypedRequest } from './sdk-type-check';
import { sdkTypeProblems } from './sdk-type-check';

const IMPORTS = ["import type OpenAI from 'openai';", "import type Anthropic from '@anthropic-ai/sdk';"];
/** The documented line of an OpenAI batch input file (the SDK types its body, not the line). */
const OPENAI_LINE =
  "{ custom_id: string; method: 'POST'; url: OpenAI.BatchCreateParams['endpoint']; body: OpenAI.ChatCompletionCreateParamsNonStreaming }";
/** A call that takes no parameters: nothing in its query or body. */
const NO_PARAMS = 'Record<string, never>';

/** Query values are text; the SDKs' list params type `limit` as a number. */
const listQuery = (query: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, key === 'limit' && /^\d+$/.test(value) ? Number(value) : value]));

const bodyAndQuery = (call: FakeBatchCall) => ({
  ...call.query,
  ...(call.json && typeof call.json === 'object' ? (call.json as object) : {}),
});

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Each call as the SDK type it must be a value of, or a problem when the APIs have no such call. */
function typed(call: FakeBatchCall): { requests: TypedRequest[]; problem?: string } {
  const where = `${call.method} ${call.path}`;
  const one = (type: string, value: unknown) => ({ requests: [{ where, type, value }] });
  const { method, path } = call;
  if (method === 'POST' && path === '/v1/files') {
    const { file, ...rest } = call.form ?? {};
    const lines = (file ?? '')
      .split('\n')
      .map((text, index) => ({ text, index }))
      .filter(({ text }) => text.trim());
    const parsed = lines.map(({ text, index }) => ({ where: `${where} line ${index + 1}`, value: jsonOf(text) }));
    const notJson = parsed.find((line) => line.value === undefined);
    return {
      requests: [
        // The file is bytes, not JSON: its presence is checked here, its lines below.
        { where, type: "Omit<OpenAI.FileCreateParams, 'file'> & { file: string }", value: { ...rest, ...(file !== undefined && { file: '<jsonl>' }) } },
        ...parsed.filter((line) => line.value !== undefined).map((line) => ({ ...line, type: OPENAI_LINE })),
      ],
      ...(notJson && { problem: `${notJson.where}: not JSON` }),
    };
  }
  if (method === 'POST' && path === '/v1/batches') return one('OpenAI.BatchCreateParams', call.json);
  if (method === 'GET' && path === '/v1/batches') return one('OpenAI.BatchListParams', listQuery(call.query));
  if (
    (method === 'GET' && /^\/v1\/batches\/[^/]+$/.test(path)) ||
    (method === 'POST' && /^\/v1\/batches\/[^/]+\/cancel$/.test(path)) ||
    (method === 'GET' && /^\/v1\/files\/[^/]+\/content$/.test(path))
  )
    return one(NO_PARAMS, bodyAndQuery(call));
  if (method === 'POST' && path === '/v1/messages/batches') return one('Anthropic.Messages.Batches.BatchCreateParams', call.json);
  if (method === 'GET' && path === '/v1/messages/batches') return one('Anthropic.Messages.Batches.BatchListParams', listQuery(call.query));
  if (
    (method === 'GET' && /^\/v1\/messages\/batches\/[^/]+(\/results)?$/.test(path)) ||
    (method === 'POST' && /^\/v1\/messages\/batches\/[^/]+\/cancel$/.test(path))
  )
    return one(NO_PARAMS, bodyAndQuery(call));
  return { requests: [], problem: `${where}: no such call in the providers' batch APIs` };
}

/** What the SDKs' published types find wrong with the requests received; empty when none. */
export function batchRequestProblems(calls: readonly FakeBatchCall[]): string[] {
  const found = calls.map(typed);
  return [
    ...found.flatMap((entry) => (entry.problem ? [entry.problem] : [])),
    ...sdkTypeProblems(
      IMPORTS,
      found.flatMap((entry) => entry.requests),
    ),
  ];
}

/** The batch API operations the calls used ("openai batches.create"…), for a test that every one was exercised. */
export function batchOperationsOf(calls: readonly FakeBatchCall[]): string[] {
  const names: Array<[RegExp, string]> = [
    [/^POST \/v1\/files$/, 'openai files.create'],
    [/^POST \/v1\/batches$/, 'openai batches.create'],
    [/^GET \/v1\/batches$/, 'openai batches.list'],
    [/^GET \/v1\/batches\/[^/]+$/, 'openai batches.retrieve'],
    [/^POST \/v1\/batches\/[^/]+\/cancel$/, 'openai batches.cancel'],
    [/^GET \/v1\/files\/[^/]+\/content$/, 'openai files.content'],
    [/^POST \/v1\/messages\/batches$/, 'anthropic batches.create'],
    [/^GET \/v1\/messages\/batches\/[^/]+$/, 'anthropic batches.retrieve'],
    [/^POST \/v1\/messages\/batches\/[^/]+\/cancel$/, 'anthropic batches.cancel'],
    [/^GET \/v1\/messages\/batches\/[^/]+\/results$/, 'anthropic batches.results'],
    [/^GET \/v1\/messages\/batches$/, 'anthropic batches.list'],
  ];
  const used = new Set<string>();
  for (const call of calls) {
    const name = names.find(([pattern]) => pattern.test(`${call.method} ${call.path}`))?.[1];
    if (name) used.add(name);
  }
  return [...used].sort();
}
