import { promises as dns } from 'node:dns';
import { EngineError } from '../errors/engine-error';
import { classifyAddress, isIpLiteral } from './address-classifier';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves every A and AAAA record of a host name. Injectable so tests never touch real DNS. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const records = await dns.lookup(hostname, { all: true, verbatim: true });
  return records.map((record) => ({ address: record.address, family: record.family === 6 ? 6 : 4 }));
};

export interface CheckedTarget {
  readonly url: URL;
  /** The addresses that were checked; the connection must go to one of these and nowhere else. */
  readonly addresses: readonly ResolvedAddress[];
  readonly allowListed: boolean;
}

export interface SsrfGuardOptions {
  /** `host:port` entries exempt from the private-address block (IMAGE_FETCH_ALLOW). */
  readonly allow?: readonly string[];
  readonly resolve?: HostResolver;
}

// The refusal message is deliberately the same whatever was found, so a caller
// cannot use the API to map which internal names resolve to what.
const REFUSED = 'The image URL points to an address that is not allowed';

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Normalises `host:port` entries through the WHATWG parser, so `[::1]:80` and `0x7f.1:80` match how URLs are parsed. */
export function normaliseAllowList(entries: readonly string[] = []): Set<string> {
  const normalised = new Set<string>();
  for (const entry of entries) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    try {
      const parsed = new URL(`http://${trimmed}`);
      normalised.add(`${parsed.hostname.toLowerCase()}:${parsed.port || '80'}`);
    } catch {
      // An unparsable entry can never match a URL, so ignoring it is the safe reading.
    }
  }
  return normalised;
}

export function parseImageUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = typeof raw === 'string' ? new URL(raw.trim()) : new URL(raw.href);
  } catch {
    throw new EngineError('invalid_url', 'The image URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EngineError('url_not_allowed', 'Only http and https image URLs are allowed');
  }
  if (url.username || url.password) {
    throw new EngineError('url_not_allowed', 'Image URLs must not contain credentials');
  }
  if (!url.hostname) throw new EngineError('invalid_url', 'The image URL has no host');
  return url;
}

function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function literalAddress(hostname: string): ResolvedAddress {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return { address: bare, family: bare.includes(':') ? 6 : 4 };
}

/**
 * Decides whether a URL may be fetched. Literal IPs are judged without DNS; names are
 * resolved once and refused if ANY record is not public unicast (an attacker controls
 * which record the OS would pick). The returned addresses are what the connection must use.
 */
export async function checkUrl(
  raw: string | URL,
  options: SsrfGuardOptions & { allowSet?: Set<string> } = {},
): Promise<CheckedTarget> {
  const url = parseImageUrl(raw);
  const allowSet = options.allowSet ?? normaliseAllowList(options.allow);
  const allowListed = allowSet.has(`${url.hostname.toLowerCase()}:${defaultPort(url)}`);

  if (!allowListed && isLocalhostName(url.hostname)) throw new EngineError('url_not_allowed', REFUSED);

  let addresses: ResolvedAddress[];
  if (isIpLiteral(url.hostname)) {
    addresses = [literalAddress(url.hostname)];
  } else {
    const resolve = options.resolve ?? systemResolver;
    try {
      addresses = await resolve(url.hostname);
    } catch (error) {
      throw new EngineError('unreachable', 'The image host could not be resolved', { cause: error });
    }
    if (addresses.length === 0) throw new EngineError('unreachable', 'The image host could not be resolved');
  }

  if (!allowListed && addresses.some((entry) => !classifyAddress(entry.address).public)) {
    throw new EngineError('url_not_allowed', REFUSED);
  }
  return { url, addresses, allowListed };
}
