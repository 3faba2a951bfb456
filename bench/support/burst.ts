// A burst as API clients send one: each client already holds a keep-alive connection (as the SDK
// and every HTTP library do) and all of them send at once. Measured cold instead, through fetch,
// the 150 TCP handshakes and fetch's own machinery were most of what a burst timed on this 2-core
// machine (about 120 ms at p95 for /healthz alone), whatever the server did.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface BurstRequest {
  base: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface BurstAnswer {
  status: number;
  ms: number;
}

function send(agent: http.Agent, request: BurstRequest): Promise<BurstAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      request.base + request.path,
      { method: request.method, agent, headers: { ...request.headers, ...(request.body ? { 'content-length': Buffer.byteLength(request.body) } : {}) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Opens one connection per request first (a GET of /healthz on each, all at once), then sends
 * every request at the same moment over those connections; each answer's time runs from its send.
 */
export async function burst(requests: readonly BurstRequest[]): Promise<BurstAnswer[]> {
  const perBase = new Map<string, number>();
  for (const request of requests) perBase.set(request.base, (perBase.get(request.base) ?? 0) + 1);
  const agents = new Map([...perBase].map(([base, count]) => [base, new http.Agent({ keepAlive: true, maxSockets: count })]));
  try {
    await Promise.all(
      [...perBase].flatMap(([base, count]) =>
        Array.from({ length: count }, () => send(agents.get(base)!, { base, method: 'GET', path: '/healthz' })),
      ),
    );
    return await Promise.all(requests.map((request) => send(agents.get(request.base)!, request)));
  } finally {
    for (const agent of agents.values()) agent.destroy();
  }
}
