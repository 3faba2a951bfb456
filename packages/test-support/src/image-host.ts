// The one loopback image host of the repository's tests, browser tests and benchmarks: serves given
// paths with chosen bodies, types, statuses, redirects and timing, including responses that stall
// forever; a fallback can answer every other path (the browser tests' "any .png is the sample").
// bench/support/static-image-host.ts runs it in a process of its own.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostedRoute {
  readonly status?: number;
  readonly body?: Buffer | string;
  readonly contentType?: string;
  readonly headers?: Record<string, string>;
  /** Answer a 302 to this location (absolute, or a path on this host). */
  readonly redirectTo?: string;
  /** Wait this long before sending headers. */
  readonly delayMs?: number;
  /** Send nothing until this settles: a test opens it once it has seen what must come first. */
  readonly gate?: Promise<unknown>;
  /** Never send headers. */
  readonly stall?: boolean;
  /** Send headers and the first chunk, then never finish the body. */
  readonly stallBody?: boolean;
  /** Stream the body in chunks without a Content-Length header. */
  readonly chunked?: boolean;
  /** Declare this Content-Length regardless of the real body (to test lying servers). */
  readonly contentLength?: number;
}

export interface ImageHost {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  /** `127.0.0.1:port`, the form IMAGE_FETCH_ALLOW expects. */
  readonly hostPort: string;
  readonly port: number;
  readonly requests: ReadonlyArray<{ readonly path: string; readonly headers: IncomingHttpHeaders }>;
  set(path: string, route: HostedRoute): void;
  hits(path: string): number;
  close(): Promise<void>;
}

function send(response: ServerResponse, route: HostedRoute): void {
  if (route.stall) return;
  if (route.redirectTo) {
    response.writeHead(route.status ?? 302, { location: route.redirectTo, ...route.headers });
    response.end();
    return;
  }
  const body = typeof route.body === 'string' ? Buffer.from(route.body) : (route.body ?? Buffer.alloc(0));
  const headers: Record<string, string | number> = {
    'content-type': route.contentType ?? 'application/octet-stream',
    ...route.headers,
  };
  if (route.contentLength !== undefined) headers['content-length'] = route.contentLength;
  else if (!route.chunked && !route.stallBody) headers['content-length'] = body.length;
  response.writeHead(route.status ?? 200, headers);
  if (route.stallBody) {
    response.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
    return;
  }
  if (route.chunked) {
    for (let offset = 0; offset < body.length; offset += 16_384)
      response.write(body.subarray(offset, offset + 16_384));
    response.end();
    return;
  }
  response.end(body);
}

export interface ImageHostOptions {
  /** Answers a path no route names (undefined: 404). */
  readonly fallback?: (path: string) => HostedRoute | undefined;
  /** Idle keep-alive sockets are kept this long (Node's default is 5 s; a benchmark's client pools longer). */
  readonly keepAliveTimeoutMs?: number;
}

export async function startImageHost(routes: Record<string, HostedRoute> = {}, options: ImageHostOptions = {}): Promise<ImageHost> {
  const table = new Map(Object.entries(routes));
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    requests.push({ path, headers: request.headers });
    const route = table.get(path) ?? options.fallback?.(path);
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
      return;
    }
    const sendNow = () => !response.destroyed && send(response, route);
    if (route.gate) void route.gate.then(sendNow, sendNow);
    else if (route.delayMs) setTimeout(sendNow, route.delayMs);
    else send(response, route);
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    port,
    requests,
    set: (path, route) => void table.set(path, route),
    hits: (path) => requests.filter((entry) => entry.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
