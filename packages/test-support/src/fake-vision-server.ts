// A loopback stand-in for an OpenAI-compatible Chat Completions server, for tests and
// benchmarks. It answers structured-output JSON and lets a test inject latency and failures.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAltText {
  altText: string;
  isDecorative: boolean;
  containsText: boolean;
  textInImage: string;
  longDescription: string;
  keywordsShown: string[];
}

export interface RecordedImage {
  readonly mediaType: string;
  readonly bytes: Buffer;
  /** The image_url exactly as sent (a data URL when the engine behaves). */
  readonly url: string;
}

export interface RecordedRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly rawBody: string;
  readonly body: any;
  readonly images: RecordedImage[];
}

/** Builds the model's answer; a string is sent as the raw message content (e.g. malformed JSON). */
export type FakeReply = (request: RecordedRequest, callNumber: number) => Partial<FakeAltText> | string;

/** Token usage the fake reports (OpenAI's field names); null: the reply carries no `usage`. */
export interface FakeUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  /** Sent as usage.prompt_tokens_details.cached_tokens. */
  readonly cached_tokens?: number;
}
export type FakeUsageReply = (request: RecordedRequest, callNumber: number) => FakeUsage | null;

/** What every reply reports unless `setUsage` says otherwise. */
export const DEFAULT_FAKE_USAGE: FakeUsage = { prompt_tokens: 100, completion_tokens: 20 };

export interface FakeVisionServerOptions {
  readonly latencyMs?: number;
  readonly reply?: FakeReply;
  readonly usage?: FakeUsageReply;
}

export interface FailureOptions {
  /** Sent as the Retry-After header (seconds or an HTTP date). */
  readonly retryAfter?: number | string;
}

export interface FakeVisionServer {
  /** Base URL including /v1, ready for an OpenAI-compatible client. */
  readonly url: string;
  /** Requests received on /v1/chat/completions, including failed and stalled ones. */
  readonly calls: number;
  /** The most requests being answered at the same time since the server started. */
  readonly maxConcurrent: number;
  readonly requests: readonly RecordedRequest[];
  readonly lastRequest: RecordedRequest | undefined;
  setLatency(ms: number): void;
  setReply(reply: FakeReply | undefined): void;
  /** The usage each reply reports (default DEFAULT_FAKE_USAGE on every call; `reset()` restores it). */
  setUsage(usage: FakeUsageReply | undefined): void;
  /** The next `count` calls answer `status` (default 500) with an OpenAI-style error body. */
  failNext(count: number, status?: number, options?: FailureOptions): void;
  /** Every call answers `status` until `reset()`. */
  failAlways(status?: number, options?: FailureOptions): void;
  /** Calls are accepted and never answered until `reset()` or `close()`. */
  stall(): void;
  /** Calls are accepted and answered only at `release()` (then as usual): calls kept in flight on purpose. */
  hold(): void;
  /** Answers the held calls and stops holding. */
  release(): void;
  /** Clears failures, stalls, latency and the custom reply (keeps the counters). */
  reset(): void;
  close(): Promise<void>;
}

function parseImages(body: unknown): RecordedImage[] {
  const images: RecordedImage[] = [];
  const messages = (body as { messages?: Array<{ content?: unknown }> })?.messages ?? [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Array<{ type?: string; image_url?: { url?: string } }>) {
      const url = part.type === 'image_url' ? part.image_url?.url : undefined;
      if (!url) continue;
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
      images.push({
        url,
        mediaType: match?.[1] ?? '',
        bytes: match ? Buffer.from(match[2]!, 'base64') : Buffer.alloc(0),
      });
    }
  }
  return images;
}

function defaultReply(request: RecordedRequest): Partial<FakeAltText> {
  // Derived from the image so different images (and only those) get different answers.
  const digest = createHash('sha256')
    .update(request.images[0]?.bytes ?? Buffer.alloc(0))
    .digest('hex')
    .slice(0, 8);
  return { altText: `Fake vision description ${digest}` };
}

function completion(model: string, content: string, callNumber: number, usage: FakeUsage | null) {
  return {
    id: `chatcmpl-fake-${callNumber}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    ...(usage && {
      usage: {
        prompt_tokens: usage.prompt_tokens,
        completion_tokens: usage.completion_tokens,
        total_tokens: usage.prompt_tokens + usage.completion_tokens,
        ...(usage.cached_tokens !== undefined && { prompt_tokens_details: { cached_tokens: usage.cached_tokens } }),
      },
    }),
  };
}

function sendJson(
  response: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const body = JSON.stringify(payload);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

export async function startFakeVisionServer(
  options: FakeVisionServerOptions = {},
): Promise<FakeVisionServer> {
  let latencyMs = options.latencyMs ?? 0;
  let reply = options.reply;
  let usageReply = options.usage;
  let failures: Array<{ status: number; retryAfter?: number | string }> = [];
  let permanent: { status: number; retryAfter?: number | string } | undefined;
  let stalled = false;
  // While holding, the answers of the calls that arrive wait here.
  let held: Array<() => void> | null = null;
  const requests: RecordedRequest[] = [];
  // Requests being answered right now, and the most ever at once (global model limits are
  // proven by this number).
  let active = 0;
  let maxConcurrent = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0]!;
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(response, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        return;
      }
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        sendJson(response, 400, { error: { message: 'Invalid JSON', type: 'invalid_request_error' } });
        return;
      }
      const recorded: RecordedRequest = {
        path,
        headers: request.headers,
        rawBody,
        body,
        images: parseImages(body),
      };
      requests.push(recorded);
      const callNumber = requests.length;
      active += 1;
      maxConcurrent = Math.max(maxConcurrent, active);
      let counted = true;
      const done = () => {
        if (counted) active -= 1;
        counted = false;
      };
      response.on('close', done);
      if (stalled) return; // Never answer: the client's deadline must fire.

      const failure = failures.shift() ?? permanent;
      const answer = () => {
        if (response.destroyed) return;
        if (failure) {
          const headers: Record<string, string> =
            failure.retryAfter === undefined ? {} : { 'retry-after': String(failure.retryAfter) };
          sendJson(
            response,
            failure.status,
            { error: { message: `Injected failure ${failure.status}`, type: 'server_error' } },
            headers,
          );
          return;
        }
        const produced = (reply ?? defaultReply)(recorded, callNumber);
        const content =
          typeof produced === 'string'
            ? produced
            : JSON.stringify({
                altText: '',
                isDecorative: false,
                containsText: false,
                textInImage: '',
                longDescription: '',
                keywordsShown: [],
                ...produced,
              });
        sendJson(
          response,
          200,
          completion(
            String((body as { model?: string }).model ?? 'fake'),
            content,
            callNumber,
            usageReply ? usageReply(recorded, callNumber) : DEFAULT_FAKE_USAGE,
          ),
        );
      };
      const scheduled = () => (latencyMs > 0 ? setTimeout(answer, latencyMs) : answer());
      if (held) held.push(scheduled);
      else scheduled();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    get calls() {
      return requests.length;
    },
    get maxConcurrent() {
      return maxConcurrent;
    },
    get requests() {
      return requests;
    },
    get lastRequest() {
      return requests[requests.length - 1];
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    setReply(next) {
      reply = next;
    },
    setUsage(next) {
      usageReply = next;
    },
    failNext(count, status = 500, failureOptions = {}) {
      for (let index = 0; index < count; index += 1)
        failures.push({ status, retryAfter: failureOptions.retryAfter });
    },
    failAlways(status = 500, failureOptions = {}) {
      permanent = { status, retryAfter: failureOptions.retryAfter };
    },
    stall() {
      stalled = true;
    },
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    reset() {
      failures = [];
      permanent = undefined;
      stalled = false;
      latencyMs = 0;
      reply = undefined;
      usageReply = options.usage;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
