// A loopback stand-in for the providers' batch endpoints, as the official `openai` and
// `@anthropic-ai/sdk` packages call them: OpenAI files (upload, content download) and batches
// (create, retrieve, cancel, list); Anthropic message batches (create, retrieve, cancel, list,
// results). It plays the documented statuses, one step per look (a retrieve, list or results call):
// OpenAI validating → in_progress → finalizing → completed, or failed (its `errors`) when the JSONL
// is wrong (a line not JSON, a duplicate custom_id, method/url/body missing, another url or model)
// or a test refuses it; cancelling (partial results, for a few looks) → cancelled; expired. Anthropic
// in_progress → ended, canceling → ended, and a create it would refuse (400). A request a model
// would refuse is answered with the provider's 400 (max_tokens or a temperature to a reasoning model).
// A batch stays in progress for a configurable time (or until released); a test can make requests fail,
// and script transient answers to any call (a 429 with retry-after, a 5xx, Anthropic's 529). Every
// request is kept (`calls`) for the contract test, which holds it to the SDKs' published types.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PageResponse as AnthropicPage } from '@anthropic-ai/sdk/core/pagination';
import type { MessageBatch } from '@anthropic-ai/sdk/resources/messages/batches';
import type { CursorPageResponse } from 'openai/core/pagination';
import type { Batch } from 'openai/resources/batches';
import type { FileObject } from 'openai/resources/files';
import type { FakeBatch, FakeBatchAnswer, FakeBatchError, FakeBatchRequest, FakeRequestFailure } from './fake-batch-wire';
import { anthropicBatch, anthropicResults, hasEnded, openaiBatch, openaiOutput } from './fake-batch-wire';
import { anthropicRefusal, openaiInputErrors, openaiRequestRefusal, parseOpenAiInput } from './fake-batch-checks';
import type { FakeBatchApi, FakeBatchApiOptions } from './fake-batch-control';
import type { FakeBatchCall, FakeTransientAnswer } from './fake-batch-http';
import { anthropicError, callOf, openaiError, readBody, send, sendTransient } from './fake-batch-http';

export type { FakeBatchApi, FakeBatchApiOptions } from './fake-batch-control';
export type { FakeBatchCall, FakeTransientAnswer } from './fake-batch-http';
export type { FakeBatch, FakeBatchAnswer, FakeBatchError, FakeBatchRequest, FakeBatchStatus, FakeRequestFailure } from './fake-batch-wire';

const DEFAULT_ANSWER: FakeBatchAnswer = {
  altText: 'Red ceramic mug on a wooden kitchen table',
  isDecorative: false,
  containsText: false,
  textInImage: '',
  longDescription: '',
  keywordsShown: [],
};

export async function startFakeBatchApi(options: FakeBatchApiOptions = {}): Promise<FakeBatchApi> {
  let completeAfterMs = options.completeAfterMs ?? 0;
  let fail = options.fail;
  let holding = false;
  let refusing: readonly FakeBatchError[] | undefined;
  let holdingCreates = false;
  const withheld: Array<() => void> = [];
  let cancels = 0;
  let looks = 0;
  let cancelling = { looks: 1, answered: 0 };
  const cancellingLeft = new Map<string, number>();
  /** An OpenAI batch's input errors, found at creation and shown when it leaves validating. */
  const inputErrors = new Map<string, FakeBatchError[]>();
  const problems: string[] = [];
  const calls: FakeBatchCall[] = [];
  const transients: FakeTransientAnswer[] = [];
  const held = new Set<string>();
  const batches: FakeBatch[] = [];
  const files = new Map<string, string>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let origin = '';

  /** Ends the batch when its time has come: its results are decided once. */
  function settle(batch: FakeBatch, answeredFirst = Infinity): void {
    if (batch.results) return;
    const results = new Map<string, FakeBatchAnswer | FakeRequestFailure>();
    batch.requests.forEach((request, at) => {
      if (at >= answeredFirst) return;
      const refusal = batch.provider === 'openai' ? openaiRequestRefusal(request.body) : undefined;
      if (refusal) problems.push(`${batch.id} ${request.customId}: ${refusal.status} ${refusal.error}`);
      const failure = fail?.(request.customId, batch);
      results.set(
        request.customId,
        refusal ?? (typeof failure === 'string' ? { error: failure } : (failure ?? { ...DEFAULT_ANSWER, ...options.reply?.(request) })),
      );
    });
    batch.results = results;
  }

  const enter = (batch: FakeBatch, status: FakeBatch['status']) => {
    batch.status = status;
    batch.times[status] = Date.now();
  };

  /** A look at the batch (retrieve, list, results): it moves on one status when its time has come. */
  function look(batch: FakeBatch): void {
    looks += 1;
    switch (batch.status) {
      case 'validating': {
        const errors = batch.refusal ?? inputErrors.get(batch.id);
        if (!batch.refusal)
          for (const error of errors ?? []) problems.push(`${batch.id} line ${error.line ?? '-'}: ${error.code} ${error.message}`);
        if (errors && errors.length > 0) {
          batch.refusal = errors;
          batch.results = new Map();
          return enter(batch, 'failed');
        }
        return enter(batch, 'in_progress');
      }
      case 'in_progress':
        if (held.has(batch.id) || Date.now() - batch.createdAt < completeAfterMs) return;
        settle(batch);
        // Anthropic goes from in_progress to ended; OpenAI writes its files first.
        return enter(batch, batch.provider === 'openai' ? 'finalizing' : 'completed');
      case 'finalizing':
        return enter(batch, 'completed');
      case 'cancelling': {
        const left = (cancellingLeft.get(batch.id) ?? 1) - 1;
        cancellingLeft.set(batch.id, left);
        if (left <= 0) enter(batch, 'cancelled');
        return;
      }
      default:
    }
  }

  function cancel(batch: FakeBatch, counted = true): void {
    if (counted) cancels += 1;
    if (hasEnded(batch) || batch.status === 'cancelling') return;
    batch.cancelled = true;
    held.delete(batch.id);
    settle(batch, batch.status === 'finalizing' ? Infinity : cancelling.answered);
    cancellingLeft.set(batch.id, cancelling.looks);
    enter(batch, 'cancelling');
  }

  function create(provider: FakeBatch['provider'], requests: FakeBatchRequest[], metadata: Record<string, string>): FakeBatch {
    const prefix = provider === 'openai' ? 'batch_' : 'msgbatch_';
    const createdAt = Date.now();
    // OpenAI checks the input file after accepting the batch (validating); Anthropic checked it already.
    const status = provider === 'openai' ? 'validating' : 'in_progress';
    const batch: FakeBatch = { id: `${prefix}${randomUUID().replace(/-/g, '')}`, provider, requests, metadata, createdAt, submission: batches.length + 1, status, times: { [status]: createdAt }, cancelled: false, expired: false };
    if (refusing && provider === 'openai') batch.refusal = refusing;
    batches.push(batch);
    if (holding) held.add(batch.id);
    for (const waiter of [...waiters]) {
      if (batches.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return batch;
  }

  /** The create call's answer: now, or when `answerCreates()` is called (the batch exists either way). */
  function answerCreate(response: ServerResponse, batch: FakeBatch, shape: (batch: FakeBatch) => unknown): void {
    const answer = () => {
      if (!response.destroyed) send(response, 200, shape(batch));
    };
    if (holdingCreates) withheld.push(answer);
    else answer();
  }

  // A batch's object as each provider shows it: a look moves it on first.
  const openaiShape = (batch: FakeBatch) => {
    look(batch);
    return openaiBatch(batch);
  };
  const anthropicShape = (batch: FakeBatch) => {
    look(batch);
    return anthropicBatch(batch, origin);
  };

  function openai(request: IncomingMessage, response: ServerResponse, path: string, url: URL, call: FakeBatchCall): void {
    if (request.method === 'POST' && path === '/v1/files') {
      const parts = call.form ?? {};
      if (parts.purpose !== 'batch' || parts.file === undefined) return send(response, 400, openaiError('purpose batch and a file are required'));
      const id = `file-${randomUUID().replace(/-/g, '')}`;
      files.set(id, parts.file);
      const file: FileObject = { id, object: 'file', bytes: Buffer.byteLength(parts.file), created_at: Math.floor(Date.now() / 1000), filename: 'batch.jsonl', purpose: 'batch', status: 'processed' };
      return send(response, 200, file);
    }
    if (request.method === 'POST' && path === '/v1/batches') {
      const body = (call.json ?? {}) as Record<string, any>;
      const content = files.get(body.input_file_id);
      if (content === undefined) return send(response, 404, openaiError('No such file'));
      if (body.completion_window !== '24h' || body.endpoint !== '/v1/chat/completions') return send(response, 400, openaiError('Unsupported endpoint or window'));
      const input = parseOpenAiInput(content);
      const batch = create('openai', input.requests, body.metadata ?? {});
      inputErrors.set(batch.id, openaiInputErrors(input, body.endpoint));
      // The create call answers the batch as it was taken (validating), without a look.
      return answerCreate(response, batch, openaiBatch);
    }
    if (request.method === 'GET' && path === '/v1/batches') {
      // Newest first, as the real list is.
      const all = [...batches].filter((batch) => batch.provider === 'openai').reverse();
      const after = url.searchParams.get('after');
      const start = after ? all.findIndex((batch) => batch.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = all.slice(start, start + limit);
      // The SDK's cursor page (it reads data and has_more; the list also carries object and its ends).
      const list: CursorPageResponse<Batch> & { object: 'list'; first_id: string | null; last_id: string | null } = { object: 'list', data: page.map(openaiShape), first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: start + limit < all.length };
      return send(response, 200, list);
    }
    const batchMatch = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (batchMatch) {
      const batch = batches.find((candidate) => candidate.id === batchMatch[1] && candidate.provider === 'openai');
      if (!batch) return send(response, 404, openaiError('No such batch'));
      if (batchMatch[2] && request.method === 'POST') {
        cancel(batch);
        return send(response, 200, openaiBatch(batch));
      }
      return send(response, 200, openaiShape(batch));
    }
    const fileMatch = /^\/v1\/files\/file-(out|err)-([^/]+)\/content$/.exec(path);
    if (fileMatch && request.method === 'GET') {
      const batch = batches.find((candidate) => candidate.id === fileMatch[2]);
      if (!batch || !hasEnded(batch)) return send(response, 404, openaiError('No such file'));
      return send(response, 200, openaiOutput(batch, fileMatch[1] === 'err'), 'application/octet-stream');
    }
    send(response, 404, openaiError(`No route ${request.method} ${path}`));
  }

  function anthropic(request: IncomingMessage, response: ServerResponse, path: string, url: URL, call: FakeBatchCall): void {
    if (request.method === 'POST' && path === '/v1/messages/batches') {
      const body = (call.json ?? {}) as Record<string, any>;
      const refusal = anthropicRefusal(body, String(request.headers['anthropic-version'] ?? ''));
      if (refusal) return send(response, 400, anthropicError('invalid_request_error', refusal));
      const requests = (body.requests as Array<{ custom_id: string; params: unknown }>).map((entry) => ({ customId: entry.custom_id, body: entry.params }));
      return answerCreate(response, create('anthropic', requests, {}), (batch) => anthropicBatch(batch, origin));
    }
    if (request.method === 'GET' && path === '/v1/messages/batches') {
      const all = [...batches].filter((batch) => batch.provider === 'anthropic').reverse();
      const after = url.searchParams.get('after_id');
      const start = after ? all.findIndex((batch) => batch.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = all.slice(start, start + limit);
      const list: AnthropicPage<MessageBatch> = { data: page.map(anthropicShape), has_more: start + limit < all.length, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null };
      return send(response, 200, list);
    }
    const match = /^\/v1\/messages\/batches\/([^/]+)(\/cancel|\/results)?$/.exec(path);
    if (match) {
      const batch = batches.find((candidate) => candidate.id === match[1] && candidate.provider === 'anthropic');
      if (!batch) return send(response, 404, anthropicError('not_found_error', 'No such batch'));
      if (match[2] === '/cancel' && request.method === 'POST') {
        cancel(batch);
        return send(response, 200, anthropicBatch(batch, origin));
      }
      if (match[2] === '/results') {
        looks += 1;
        if (!hasEnded(batch)) return send(response, 404, anthropicError('not_found_error', 'Results not ready'));
        return send(response, 200, anthropicResults(batch), 'application/binary');
      }
      return send(response, 200, anthropicShape(batch));
    }
    send(response, 404, anthropicError('not_found_error', `No route ${request.method} ${path}`));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const provider = path.startsWith('/v1/messages/') || path === '/v1/messages/batches' ? 'anthropic' : 'openai';
    readBody(request)
      .then((body) => {
        const call = callOf(request, url, body);
        calls.push(call);
        response.on('finish', () => {
          call.status = response.statusCode;
          if (response.statusCode >= 400) problems.push(`${request.method} ${path}: answered ${response.statusCode}`);
        });
        const transient = transients.shift();
        if (transient) return sendTransient(response, provider, transient);
        return (provider === 'anthropic' ? anthropic : openai)(request, response, path, url, call);
      })
      .catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    openaiUrl: `${origin}/v1`,
    anthropicUrl: `${origin}/v1`,
    get batches() {
      return batches;
    },
    get submissions() {
      return batches.length;
    },
    get cancels() {
      return cancels;
    },
    get looks() {
      return looks;
    },
    calls,
    answerNext(count, answer) {
      for (let left = 0; left < count; left += 1) transients.push(answer);
    },
    setCompleteAfter(ms) {
      completeAfterMs = ms;
    },
    setFail(next) {
      fail = next;
    },
    refuse(errors) {
      refusing = errors;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      held.clear();
    },
    holdCreates() {
      holdingCreates = true;
    },
    answerCreates() {
      holdingCreates = false;
      for (const answer of withheld.splice(0)) answer();
    },
    expire(id, answeredFirst = 0) {
      const batch = batches.find((candidate) => candidate.id === id);
      if (!batch || hasEnded(batch) || batch.results) return;
      batch.expired = true;
      held.delete(id);
      settle(batch, answeredFirst);
      enter(batch, 'expired');
    },
    setCancelling(next) {
      cancelling = next;
    },
    cancelAtProvider(id) {
      const batch = batches.find((candidate) => candidate.id === id);
      if (batch) cancel(batch, false);
    },
    takeProblems() {
      return problems.splice(0);
    },
    waitForSubmissions(count) {
      if (batches.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
