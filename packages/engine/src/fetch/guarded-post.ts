import { request } from 'undici';
import { sharedAgentPool } from './pinned-agents';
import type { HostResolver } from './ssrf-guard';
import { checkUrl } from './ssrf-guard';

export interface GuardedPostOptions {
  body: string;
  headers: Record<string, string>;
  /** `host:port` entries exempt from the private-address block (the server's WEBHOOK_ALLOW). */
  allow?: readonly string[];
  timeoutMs?: number;
  /** Stops the request early (a webhook whose account was just deleted). */
  signal?: AbortSignal;
  resolve?: HostResolver;
}

/**
 * POSTs to a caller-given URL (webhooks) through the same SSRF guard as image fetches: the URL is
 * checked (public unicast only, every DNS record), the connection pinned to the checked addresses,
 * redirects not followed. Answers the status; the body is read and dropped. Throws the guard's
 * EngineError (url_not_allowed, invalid_url, unreachable) or a network error.
 */
export async function postGuarded(rawUrl: string, options: GuardedPostOptions): Promise<{ status: number }> {
  const target = await checkUrl(rawUrl, { allow: options.allow, resolve: options.resolve });
  const response = await request(target.url, {
    method: 'POST',
    body: options.body,
    headers: options.headers,
    dispatcher: sharedAgentPool.agentFor(target.url.hostname, target.addresses),
    signal: options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs ?? 10_000)]) : AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
  return { status: response.statusCode };
}

/** Whether a URL would be allowed (checked again at each delivery: DNS can change). */
export async function checkOutboundUrl(rawUrl: string, options: { allow?: readonly string[]; resolve?: HostResolver } = {}): Promise<void> {
  await checkUrl(rawUrl, options);
}
