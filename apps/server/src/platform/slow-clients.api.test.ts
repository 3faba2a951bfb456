import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

/** Opens a raw connection that announces a large body and then trickles it a byte at a time. */
function trickle(url: string, everyMs: number) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write('POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
  const timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
  void closed.then(() => clearInterval(timer));
  return { closed, received: () => received, destroy: () => socket.destroy() };
}

describe('slow clients', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  it('ends a body trickled in a byte at a time with a 408 at REQUEST_TIMEOUT_MS', async () => {
    server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const started = Date.now();
    const slow = trickle(server.url, 200);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(4000);
    // The documented error envelope (docs/api-conventions.md#errors), not Node's or Fastify's own shape.
    const [head, body] = slow.received().split('\r\n\r\n');
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({ error: { code: 'request_timeout', message: expect.stringContaining('REQUEST_TIMEOUT') as string } });
    // Others are served meanwhile and after.
    expect((await registerUser(server)).token).toEqual(expect.any(String));
  });

  it('does not let an open slow body hold a shutdown past the request deadline', async () => {
    server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const slow = trickle(server.url, 200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await server.close();
    server = undefined;
    expect(Date.now() - started).toBeLessThan(4000);
    slow.destroy();
  });
});
