import { request } from 'undici';
import { EngineError, isEngineError } from '../errors/engine-error';
import type { PinnedAgentPool } from './pinned-agents';
import { sharedAgentPool } from './pinned-agents';
import type { CheckedTarget, HostResolver } from './ssrf-guard';
import { checkUrl, normaliseAllowList } from './ssrf-guard';

export const DEFAULT_MAX_BYTES = 10_485_760;
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;

export interface FetchImageOptions {
  readonly allow?: readonly string[];
  readonly maxBytes?: number;
  /** One deadline for the whole fetch: DNS, connect, headers, body and every redirect. */
  readonly timeoutMs?: number;
  readonly resolve?: HostResolver;
  readonly signal?: AbortSignal;
  /** Keep-alive connections per checked address; the process-wide pool unless a test gives its own. */
  readonly agents?: PinnedAgentPool;
  /** The Accept header; images by default (the page fetcher asks for HTML). */
  readonly accept?: string;
  /**
   * Whether to follow a redirect to this URL (every hop is still checked by the guard): a site
   * crawl follows none to another host. A refused one fails as `unreachable` with its `location`.
   */
  readonly followRedirect?: (next: URL) => boolean;
}

export interface FetchedImage {
  readonly bytes: Buffer;
  /** Where the bytes finally came from, after redirects. */
  readonly finalUrl: URL;
  /** The Content-Type the host declared, if any (the page fetcher refuses what is not HTML). */
  readonly contentType?: string;
}

// The engine passes the same allow list on every fetch: normalise it once, not per request.
const allowSets = new WeakMap<readonly string[], Set<string>>();
function allowSetOf(allow: readonly string[] | undefined): Set<string> {
  if (!allow) return normaliseAllowList(allow);
  let set = allowSets.get(allow);
  if (!set) {
    set = normaliseAllowList(allow);
    allowSets.set(allow, set);
  }
  return set;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const HEADERS = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1',
  'user-agent': 'AltwiseBot/2.0 (+https://altwise.app; accessibility alt text)',
};

type Body = AsyncIterable<Buffer> & NodeJS.EventEmitter & { destroy(): unknown };

/** Drops a body we will not read. undici reports the abort as an 'error' event, which is expected here. */
function discard(body: Body): void {
  body.on('error', () => undefined);
  body.destroy();
}

async function readCapped(body: Body, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    // Checked per chunk so a server that lies about or omits Content-Length cannot fill memory.
    if (total > maxBytes) {
      discard(body);
      throw new EngineError('too_large', `The image is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

type HopResult = { kind: 'redirect'; location: string } | { kind: 'image'; bytes: Buffer; contentType?: string };

async function fetchHop(
  target: CheckedTarget,
  maxBytes: number,
  signal: AbortSignal,
  agents: PinnedAgentPool,
  accept: string,
): Promise<HopResult> {
  // The agent only ever connects to target.addresses (see pinned-agents.ts), so reusing its
  // idle socket keeps the guarantee a fresh connection gave.
  const agent = agents.agentFor(target.url.hostname, target.addresses);
  const response = await request(target.url, {
    method: 'GET',
    headers: { ...HEADERS, accept },
    dispatcher: agent,
    signal,
  });
  const { statusCode, headers, body } = response;
  if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
    discard(body);
    const location = headers.location;
    const value = Array.isArray(location) ? location[0] : location;
    if (!value)
      throw new EngineError(
        'unreachable',
        `The image host answered a redirect (HTTP ${statusCode}) without a location`,
      );
    return { kind: 'redirect', location: value };
  }
  if (statusCode < 200 || statusCode >= 300) {
    discard(body);
    const retryAfter = Array.isArray(headers['retry-after']) ? headers['retry-after'][0] : headers['retry-after'];
    throw new EngineError('unreachable', `The image host answered HTTP ${statusCode}`, { status: statusCode, ...(retryAfter ? { retryAfter } : {}) });
  }
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(body);
    throw new EngineError('too_large', `The image is larger than ${maxBytes} bytes`);
  }
  const contentType = Array.isArray(headers['content-type']) ? headers['content-type'][0] : headers['content-type'];
  return { kind: 'image', bytes: await readCapped(body, maxBytes), contentType };
}

/**
 * Fetches an image URL through the SSRF guard: every hop (at most 3 redirects, followed
 * by hand) is re-checked and connected to the address that was checked; bytes are capped
 * while streaming; one deadline covers everything.
 */
export async function fetchImage(rawUrl: string, options: FetchImageOptions = {}): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const allowSet = allowSetOf(options.allow);
  // One controller for the deadline and the caller's signal: AbortSignal.timeout + AbortSignal.any
  // cost several times more per fetch, and a cached image is fetched on every request.
  const controller = new AbortController();
  const signal = controller.signal;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`The fetch took longer than ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal!.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  let current = rawUrl;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const target = await abortable(checkUrl(current, { allowSet, resolve: options.resolve }), signal);
      const hop = await fetchHop(target, maxBytes, signal, options.agents ?? sharedAgentPool, options.accept ?? HEADERS.accept);
      if (hop.kind === 'image') return { bytes: hop.bytes, finalUrl: target.url, contentType: hop.contentType };
      if (redirects >= MAX_REDIRECTS) {
        throw new EngineError('unreachable', `The image URL redirected more than ${MAX_REDIRECTS} times`);
      }
      let next: URL;
      try {
        next = new URL(hop.location, target.url);
      } catch {
        throw new EngineError('unreachable', 'The image host answered a redirect to an invalid URL');
      }
      if (options.followRedirect && !options.followRedirect(next)) {
        throw new EngineError('unreachable', 'The image URL redirected elsewhere, which was not followed', { location: next.href });
      }
      current = next.href;
    }
  } catch (error) {
    if (isEngineError(error)) throw error;
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timedOut) {
      throw new EngineError('timeout', `The image could not be fetched within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    throw new EngineError('unreachable', 'The image host could not be reached', { cause: error });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}
