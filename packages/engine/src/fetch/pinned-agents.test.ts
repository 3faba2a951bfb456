import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../errors/engine-error';
import { fetchImage } from './image-fetcher';
import { createPinnedAgentPool } from './pinned-agents';
import type { HostResolver, ResolvedAddress } from './ssrf-guard';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** A host on one loopback address that counts the TCP connections it accepts. */
interface CountingHost {
  server: Server;
  address: string;
  connections: number;
  requests: number;
}

async function startCountingHost(address: string, port = 0): Promise<CountingHost> {
  const host: CountingHost = { server: createServer(), address, connections: 0, requests: 0 };
  host.server.on('connection', () => (host.connections += 1));
  host.server.on('request', (_request, response) => {
    host.requests += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'x-served-by': address });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => host.server.listen(port, address, resolve));
  return host;
}

const close = (host: CountingHost) =>
  new Promise<void>((resolve) => {
    host.server.closeAllConnections();
    host.server.close(() => resolve());
  });

// Two hosts on the same port and different loopback addresses: what "images.test" resolves to
// decides which one answers, so every answer says where the socket really went.
let first: CountingHost;
let second: CountingHost;
let port: number;
beforeAll(async () => {
  first = await startCountingHost('127.0.0.1');
  port = (first.server.address() as AddressInfo).port;
  second = await startCountingHost('127.0.0.2', port);
});
afterAll(async () => {
  await close(first);
  await close(second);
});

let pool = createPinnedAgentPool();
afterEach(async () => {
  await pool.close();
  pool = createPinnedAgentPool();
});

let answer: ResolvedAddress[] = [];
const resolve: HostResolver = async () => answer;
const fetchFromImagesTest = () =>
  fetchImage(`http://images.test:${port}/a.png`, { resolve, allow: [`images.test:${port}`], agents: pool });

describe('pinned keep-alive connections', () => {
  it('reuses connections for repeated fetches of a host that resolves the same way', async () => {
    answer = [{ address: '127.0.0.1', family: 4 }];
    const before = { connections: first.connections, requests: first.requests };
    for (let i = 0; i < 6; i += 1) expect((await fetchFromImagesTest()).bytes.equals(PNG)).toBe(true);
    expect(first.requests - before.requests).toBe(6);
    // undici may open a second socket while the first is being released; never one per fetch.
    expect(first.connections - before.connections).toBeLessThanOrEqual(2);
    expect(pool.size).toBe(1);
  });

  it('connects only to the newly checked address when the name resolves differently (rebinding)', async () => {
    answer = [{ address: '127.0.0.1', family: 4 }];
    await fetchFromImagesTest();
    const firstRequests = first.requests;
    // An idle connection to 127.0.0.1 is pooled; the new answer must not be served over it.
    answer = [{ address: '127.0.0.2', family: 4 }];
    await fetchFromImagesTest();
    expect(first.requests).toBe(firstRequests);
    expect(second.requests).toBeGreaterThan(0);
    expect(pool.size).toBe(2);
  });

  it('still checks every fetch: a pooled connection never lets a refused answer through', async () => {
    answer = [{ address: '127.0.0.1', family: 4 }];
    const pooled = await fetchImage(`http://rebind.test:${port}/a.png`, {
      resolve,
      allow: [`rebind.test:${port}`],
      agents: pool,
    });
    expect(pooled.bytes.equals(PNG)).toBe(true);
    const served = first.requests;
    // The same name, not allow-listed this time, resolving to loopback: refused before any socket.
    const error = await fetchImage(`http://rebind.test:${port}/a.png`, { resolve, agents: pool }).catch((thrown) => thrown);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('url_not_allowed');
    expect(first.requests).toBe(served);
  });

  it('closes the least recently used agent past its bound and agents left idle', async () => {
    let now = 0;
    const small = createPinnedAgentPool({ maxAgents: 2, idleMs: 1_000, now: () => now });
    try {
      const a = small.agentFor('a.test', [{ address: '127.0.0.1', family: 4 }]);
      small.agentFor('b.test', [{ address: '127.0.0.1', family: 4 }]);
      expect(small.agentFor('a.test', [{ address: '127.0.0.1', family: 4 }])).toBe(a);
      small.agentFor('c.test', [{ address: '127.0.0.1', family: 4 }]);
      expect(small.size).toBe(2);
      // b was the least recently used; a is still the same agent.
      expect(small.agentFor('a.test', [{ address: '127.0.0.1', family: 4 }])).toBe(a);
      now += 1_000;
      expect(small.agentFor('a.test', [{ address: '127.0.0.1', family: 4 }])).toBe(a);
      now += 1_001;
      small.agentFor('d.test', [{ address: '127.0.0.1', family: 4 }]);
      expect(small.size).toBe(1);
      expect(a.closed).toBe(true);
    } finally {
      await small.close();
    }
  });
});
