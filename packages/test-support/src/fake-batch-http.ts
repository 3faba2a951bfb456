// The HTTP side of the fake batch API (fake-batch-api.ts): reading a request, answering it, each
// provider's error bodies typed by its SDK, and the transient answers a test can script (a rate limit
// with its retry-after, a server error, Anthropic's 529 overloaded), which the real APIs give at any
// call and the official clients retry.
import type { ErrorResponse as AnthropicErrorResponse, ErrorType as AnthropicErrorType } from '@anthropic-ai/sdk/resources/shared';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorObject } from 'openai/resources/shared';

/** A request the fake received, as sent: the contract test holds each to the SDK's published types. */
export interface FakeBatchCall {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** A JSON body, parsed; undefined when there was none. */
  readonly json?: unknown;
  /** A multipart body's parts (files.create): name → content. */
  readonly form?: Readonly<Record<string, string>>;
  /** What the fake answered. */
  status?: number;
}

/** A transient answer scripted by a test: the next calls get it instead of their answer. */
export interface FakeTransientAnswer {
  /** 429 (rate limit), 500, 503, or 529 (Anthropic's overloaded). */
  readonly status: 429 | 500 | 503 | 529;
  /** The retry-after header, in seconds, as both APIs send it with a 429. */
  readonly retryAfterSeconds?: number;
}

export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** The parts of a multipart/form-data body: name → content (enough for files.create). */
export function multipartParts(body: Buffer, contentType: string): Map<string, string> {
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

/** The request as the fake keeps it: its JSON or multipart body decoded. */
export function callOf(request: IncomingMessage, url: URL, body: Buffer): FakeBatchCall {
  const contentType = request.headers['content-type'] ?? '';
  const base = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams) };
  if (body.length === 0) return base;
  if (contentType.startsWith('multipart/form-data')) return { ...base, form: Object.fromEntries(multipartParts(body, contentType)) };
  try {
    return { ...base, json: JSON.parse(body.toString('utf8')) as unknown };
  } catch {
    return { ...base, json: body.toString('utf8') };
  }
}

/** OpenAI's error body: the whole error object its SDK reads. */
export const openaiError = (message: string, type = 'invalid_request_error', code: string | null = null): { error: ErrorObject } => ({
  error: { message, type, param: null, code },
});

/** Anthropic's error body, as its SDK types it. */
export const anthropicError = (type: AnthropicErrorType & AnthropicErrorResponse['error']['type'], message: string): AnthropicErrorResponse => ({
  type: 'error',
  error: { type, message } as AnthropicErrorResponse['error'],
  request_id: null,
});

export function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json', headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** A scripted transient answer, in the provider's words: OpenAI's rate_limit_exceeded or server_error, Anthropic's rate_limit_error, api_error or overloaded_error. */
export function sendTransient(response: ServerResponse, provider: 'openai' | 'anthropic', answer: FakeTransientAnswer): void {
  const headers: Record<string, string> = answer.retryAfterSeconds === undefined ? {} : { 'retry-after': String(answer.retryAfterSeconds) };
  if (provider === 'openai') {
    const body =
      answer.status === 429
        ? openaiError('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded')
        : openaiError('The server had an error while processing your request.', 'server_error', null);
    return send(response, answer.status === 529 ? 503 : answer.status, body, 'application/json', headers);
  }
  const body =
    answer.status === 429
      ? anthropicError('rate_limit_error', 'Number of request tokens has exceeded your rate limit.')
      : answer.status === 529
        ? anthropicError('overloaded_error', 'Overloaded')
        : anthropicError('api_error', 'Internal server error');
  send(response, answer.status, body, 'application/json', headers);
}
