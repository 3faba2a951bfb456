import type { LookupAddress, LookupOneOptions, LookupAllOptions } from 'node:dns';
import { Agent, request } from 'undici';
import { EngineError, isEngineError } from '../errors/engine-error';
import type { CheckedTarget, HostResolver, ResolvedAddress } from './ssrf-guard';
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
}

export interface FetchedImage {
  readonly bytes: Buffer;
  /** Where the bytes finally came from, after redirects. */
  readonly finalUrl: string;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect that answers with the addresses the guard already
 * checked, so a second DNS answer (rebinding) can never change where we connect.
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]) {
  return (
    _hostname: string,
    options: LookupOneOptions | LookupAllOptions,
    callback: LookupCallback,
  ): void => {
    if ((options as LookupAllOptions).all) {
      callback(
        null,
        addresses.map((entry) => ({ address: entry.address, family: entry.family })),
      );
      return;
    }
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  };
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

type HopResult = { kind: 'redirect'; location: string } | { kind: 'image'; bytes: Buffer };

async function fetchHop(target: CheckedTarget, maxBytes: number, signal: AbortSignal): Promise<HopResult> {
  const agent = new Agent({ connect: { lookup: pinnedLookup(target.addresses) }, pipelining: 0 });
  try {
    const response = await request(target.url, {
      method: 'GET',
      headers: HEADERS,
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
      throw new EngineError('unreachable', `The image host answered HTTP ${statusCode}`);
    }
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(body);
      throw new EngineError('too_large', `The image is larger than ${maxBytes} bytes`);
    }
    return { kind: 'image', bytes: await readCapped(body, maxBytes) };
  } finally {
    void agent.destroy().catch(() => undefined);
  }
}

/**
 * Fetches an image URL through the SSRF guard: every hop (at most 3 redirects, followed
 * by hand) is re-checked and connected to the address that was checked; bytes are capped
 * while streaming; one deadline covers everything.
 */
export async function fetchImage(rawUrl: string, options: FetchImageOptions = {}): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const allowSet = normaliseAllowList(options.allow);

  let current = rawUrl;
  try {
    for (let redirects = 0; ; redirects += 1) {
      const target = await abortable(checkUrl(current, { allowSet, resolve: options.resolve }), signal);
      const hop = await fetchHop(target, maxBytes, signal);
      if (hop.kind === 'image') return { bytes: hop.bytes, finalUrl: target.url.href };
      if (redirects >= MAX_REDIRECTS) {
        throw new EngineError('unreachable', `The image URL redirected more than ${MAX_REDIRECTS} times`);
      }
      try {
        current = new URL(hop.location, target.url).href;
      } catch {
        throw new EngineError('unreachable', 'The image host answered a redirect to an invalid URL');
      }
    }
  } catch (error) {
    if (isEngineError(error)) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.aborted) {
      throw new EngineError('timeout', `The image could not be fetched within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    throw new EngineError('unreachable', 'The image host could not be reached', { cause: error });
  }
}
