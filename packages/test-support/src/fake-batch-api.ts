// A loopback stand-in for the providers' batch endpoints, as the official `openai` and
// `@anthropic-ai/sdk` packages call them: OpenAI files (upload, content download) and batches
// (create, retrieve, cancel, list); Anthropic message batches (create, retrieve, cancel, list,
// results). A batch stays in progress for a configurable time (or until released), then ends with
// an answer per request, except those a test makes fail; a batch can be made to expire.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeBatch, FakeBatchAnswer, FakeBatchError, FakeBatchRequest } from './fake-batch-wire';
import { anthropicBatch, anthropicResults, openaiBatch, openaiOutput } from './fake-batch-wire';

export type { FakeBatch, FakeBatchAnswer, FakeBatchError, FakeBatchRequest } from './fake-batch-wire';

export interface FakeBatchApiOptions {
  /** How long a batch stays in progress after its creation (default 0: it ends at the next look). */
  readonly completeAfterMs?: number;
  /** A request's failure (its message) or undefined: decided once, when its batch ends. */
  readonly fail?: (customId: string, batch: FakeBatch) => string | undefined;
  /** The answer to a request (default: a plain, checker-clean description). */
  readonly reply?: (request: FakeBatchRequest) => Partial<FakeBatchAnswer>;
}

export interface FakeBatchApi {
  /** For `new OpenAI({ baseURL })`: includes /v1. */
  readonly openaiUrl: string;
  /** For ANTHROPIC_BASE_URL: includes /v1, as OPENAI_BASE_URL does (the official SDK is given it without). */
  readonly anthropicUrl: string;
  /** Batches created, in order (their count is the number of submissions). */
  readonly batches: readonly FakeBatch[];
  readonly submissions: number;
  /** Cancel calls received. */
  readonly cancels: number;
  /** Times a batch's state was looked at (retrieved, listed, its results asked): the callers' polls. */
  readonly looks: number;
  setCompleteAfter(ms: number): void;
  setFail(fail: FakeBatchApiOptions['fail']): void;
  /**
   * OpenAI batches created from now on are refused while validating (status failed, `errors` these),
   * until called with undefined.
   */
  refuse(errors: readonly FakeBatchError[] | undefined): void;
  /** Batches created from now on stay in progress until `release()`. */
  hold(): void;
  release(): void;
  /**
   * Batches created from now on are taken (counted, listed, processed) but the answer to the
   * create call is withheld until `answerCreates()`: the window between a provider's accept and
   * its caller learning the batch id (a process killed there).
   */
  holdCreates(): void;
  /** Sends the withheld create answers, and answers the next ones at once. */
  answerCreates(): void;
  /** The batch ends as expired: requests not answered by then come back as expired. */
  expire(id: string, answeredFirst?: number): void;
  /** Resolves when the server has taken `count` batches in all. */
  waitForSubmissions(count: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_ANSWER: FakeBatchAnswer = {
  altText: 'Red ceramic mug on a wooden kitchen table',
  isDecorative: false,
  containsText: false,
  textInImage: '',
  longDescription: '',
  keywordsShown: [],
};

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The parts of a multipart/form-data body: name → content (enough for files.create). */
function multipartParts(body: Buffer, contentType: string): Map<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const parts = new Map<string, string>();
  if (!boundary) return parts;
  const marker = `--${boundary[1] ?? boundary[2]}`;
  for (const part of body.toString('utf8').split(marker)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const name = /name="([^"]+)"/.exec(part.slice(0, headerEnd))?.[1];
    if (name) parts.set(name, part.slice(headerEnd + 4).replace(/\r\n$/, ''));
  }
  return parts;
}

function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export async function startFakeBatchApi(options: FakeBatchApiOptions = {}): Promise<FakeBatchApi> {
  let completeAfterMs = options.completeAfterMs ?? 0;
  let fail = options.fail;
  let holding = false;
  let refusing: readonly FakeBatchError[] | undefined;
  let holdingCreates = false;
  const withheld: Array<() => void> = [];
  let cancels = 0;
  let looks = 0;
  const held = new Set<string>();
  const batches: FakeBatch[] = [];
  const files = new Map<string, string>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let origin = '';

  /** Ends the batch when its time has come: its results are decided once. */
  function settle(batch: FakeBatch, answeredFirst = Infinity): void {
    if (batch.results) return;
    const results = new Map<string, FakeBatchAnswer | { error: string }>();
    batch.requests.forEach((request, at) => {
      if (batch.cancelled) return;
      if (batch.expired && at >= answeredFirst) return;
      const failure = fail?.(request.customId, batch);
      results.set(request.customId, failure ? { error: failure } : { ...DEFAULT_ANSWER, ...options.reply?.(request) });
    });
    batch.results = results;
  }

  function ended(batch: FakeBatch): boolean {
    looks += 1;
    if (batch.results) return true;
    if (batch.cancelled || batch.expired) return true;
    if (held.has(batch.id)) return false;
    if (Date.now() - batch.createdAt < completeAfterMs) return false;
    settle(batch);
    return true;
  }

  function create(provider: FakeBatch['provider'], requests: FakeBatchRequest[], metadata: Record<string, string>): FakeBatch {
    const prefix = provider === 'openai' ? 'batch_' : 'msgbatch_';
    const batch: FakeBatch = { id: `${prefix}${randomUUID().replace(/-/g, '')}`, provider, requests, metadata, createdAt: Date.now(), submission: batches.length + 1, cancelled: false, expired: false };
    if (refusing && provider === 'openai') {
      batch.refusal = refusing;
      batch.results = new Map();
    }
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

  // A batch's object as each provider shows it; reading it decides whether it has ended.
  const openaiShape = (batch: FakeBatch) => openaiBatch(batch, ended(batch));
  const anthropicShape = (batch: FakeBatch) => anthropicBatch(batch, ended(batch), origin);

  async function openai(request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    if (request.method === 'POST' && path === '/v1/files') {
      const parts = multipartParts(await readBody(request), request.headers['content-type'] ?? '');
      if (parts.get('purpose') !== 'batch' || !parts.has('file')) return send(response, 400, { error: { message: 'purpose batch and a file are required' } });
      const id = `file-${randomUUID().replace(/-/g, '')}`;
      files.set(id, parts.get('file')!);
      return send(response, 200, { id, object: 'file', bytes: Buffer.byteLength(parts.get('file')!), created_at: Math.floor(Date.now() / 1000), filename: 'batch.jsonl', purpose: 'batch', status: 'processed' });
    }
    if (request.method === 'POST' && path === '/v1/batches') {
      const body = JSON.parse((await readBody(request)).toString('utf8'));
      const content = files.get(body.input_file_id);
      if (content === undefined) return send(response, 404, { error: { message: 'No such file' } });
      if (body.completion_window !== '24h' || body.endpoint !== '/v1/chat/completions') return send(response, 400, { error: { message: 'Unsupported endpoint or window' } });
      const requests = content
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .map((line) => ({ customId: line.custom_id as string, body: line.body }));
      return answerCreate(response, create('openai', requests, body.metadata ?? {}), openaiShape);
    }
    if (request.method === 'GET' && path === '/v1/batches') {
      // Newest first, as the real list is.
      const all = [...batches].filter((batch) => batch.provider === 'openai').reverse();
      const after = url.searchParams.get('after');
      const start = after ? all.findIndex((batch) => batch.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = all.slice(start, start + limit);
      return send(response, 200, { object: 'list', data: page.map(openaiShape), first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: start + limit < all.length });
    }
    const batchMatch = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (batchMatch) {
      const batch = batches.find((candidate) => candidate.id === batchMatch[1] && candidate.provider === 'openai');
      if (!batch) return send(response, 404, { error: { message: 'No such batch' } });
      if (batchMatch[2] && request.method === 'POST') {
        cancels += 1;
        if (!ended(batch)) {
          batch.cancelled = true;
          settle(batch);
        }
      }
      return send(response, 200, openaiShape(batch));
    }
    const fileMatch = /^\/v1\/files\/file-(out|err)-([^/]+)\/content$/.exec(path);
    if (fileMatch && request.method === 'GET') {
      const batch = batches.find((candidate) => candidate.id === fileMatch[2]);
      if (!batch?.results) return send(response, 404, { error: { message: 'No such file' } });
      return send(response, 200, openaiOutput(batch, fileMatch[1] === 'err'), 'application/octet-stream');
    }
    send(response, 404, { error: { message: `No route ${request.method} ${path}` } });
  }

  async function anthropic(request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    if (request.method === 'POST' && path === '/v1/messages/batches') {
      const body = JSON.parse((await readBody(request)).toString('utf8'));
      const requests = (body.requests as Array<{ custom_id: string; params: unknown }>).map((entry) => ({ customId: entry.custom_id, body: entry.params }));
      return answerCreate(response, create('anthropic', requests, {}), anthropicShape);
    }
    if (request.method === 'GET' && path === '/v1/messages/batches') {
      const all = [...batches].filter((batch) => batch.provider === 'anthropic').reverse();
      const after = url.searchParams.get('after_id');
      const start = after ? all.findIndex((batch) => batch.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const page = all.slice(start, start + limit);
      return send(response, 200, { data: page.map(anthropicShape), has_more: start + limit < all.length, first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null });
    }
    const match = /^\/v1\/messages\/batches\/([^/]+)(\/cancel|\/results)?$/.exec(path);
    if (match) {
      const batch = batches.find((candidate) => candidate.id === match[1] && candidate.provider === 'anthropic');
      if (!batch) return send(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'No such batch' } });
      if (match[2] === '/cancel' && request.method === 'POST') {
        cancels += 1;
        if (!ended(batch)) {
          batch.cancelled = true;
          settle(batch);
        }
        return send(response, 200, anthropicShape(batch));
      }
      if (match[2] === '/results') {
        if (!ended(batch)) return send(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'Results not ready' } });
        return send(response, 200, anthropicResults(batch), 'application/binary');
      }
      return send(response, 200, anthropicShape(batch));
    }
    send(response, 404, { type: 'error', error: { type: 'not_found_error', message: `No route ${request.method} ${path}` } });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname;
    const handle = path.startsWith('/v1/messages/') || path === '/v1/messages/batches' ? anthropic : openai;
    handle(request, response, path, url).catch((error: unknown) => send(response, 500, { error: { message: String(error) } }));
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
      if (!batch || batch.results) return;
      batch.expired = true;
      held.delete(id);
      settle(batch, answeredFirst);
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
