import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import { LRUCache } from 'lru-cache';
import { Agent } from 'undici';
import type { ResolvedAddress } from './ssrf-guard';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net/tls.connect that answers with the addresses the guard already
 * checked, so a second DNS answer (rebinding) can never change where we connect.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]) {
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

export interface PinnedAgentPoolOptions {
  /** Most agents kept; the least recently used is closed past this. */
  readonly maxAgents?: number;
  /** An agent unused for longer than this is closed (its sockets with it). */
  readonly idleMs?: number;
  /** How long undici keeps an idle socket open for the next request. */
  readonly keepAliveMs?: number;
  /** Clock seam for tests. */
  readonly now?: () => number;
}

/**
 * Keep-alive connections without giving up DNS pinning. Each agent is created for one host name
 * AND one exact set of checked addresses, and its `lookup` can only ever answer that set, so a
 * pooled socket is always a socket to an address the guard approved for this name. When the name
 * resolves differently (rebinding, failover), the key changes and a fresh agent connects; the old
 * one never serves the new answer. Every request is still checked (DNS + classification) before it
 * gets here; the pool only saves the TCP/TLS handshake.
 */
export function createPinnedAgentPool(options: PinnedAgentPoolOptions = {}) {
  const keepAliveMs = options.keepAliveMs ?? 4_000;
  const clock = options.now ?? Date.now;
  // Agents being closed; close() waits for them.
  const closing = new Set<Promise<void>>();
  const agents = new LRUCache<string, Agent>({
    max: options.maxAgents ?? 64,
    ttl: options.idleMs ?? 30_000,
    updateAgeOnGet: true,
    // The package treats a start time of 0 as "no expiry": shift the clock by one (ages unchanged).
    perf: { now: () => clock() + 1 },
    ttlResolution: 0,
    // Evicted, idle or cleared: close() lets requests still in flight finish, then ends its sockets.
    dispose: (agent) => {
      const closed: Promise<void> = agent
        .close()
        .catch(() => undefined)
        .finally(() => closing.delete(closed));
      closing.add(closed);
    },
  });

  return {
    /** The agent for this host name and exactly these checked addresses. */
    agentFor(hostname: string, addresses: readonly ResolvedAddress[]): Agent {
      const key = `${hostname.toLowerCase()}|${addresses.map((entry) => `${entry.family}/${entry.address}`).join(',')}`;
      const found = agents.get(key);
      if (found) return found;
      agents.purgeStale();
      const agent = new Agent({
        connect: { lookup: pinnedLookup(addresses) },
        keepAliveTimeout: keepAliveMs,
        keepAliveMaxTimeout: keepAliveMs,
      });
      agents.set(key, agent);
      return agent;
    },

    get size(): number {
      return agents.size;
    },

    /** Closes every agent (graceful shutdown, tests). */
    async close(): Promise<void> {
      agents.clear();
      await Promise.all([...closing]);
    },
  };
}

export type PinnedAgentPool = ReturnType<typeof createPinnedAgentPool>;

/** One pool per process, like undici's global dispatcher: connections are shared by every engine. */
export const sharedAgentPool = createPinnedAgentPool();
