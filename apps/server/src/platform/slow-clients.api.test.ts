import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/support/server-process';
import { registerUser, startTestServer } from '../../test/support/test-server';
import { UPLOAD_MIN_BYTES_PER_SECOND, uploadDeadlineMs } from './request-deadline';
import type { TestServer } from '../../test/support/test-server';

/** Opens a raw connection that announces a large body and then trickles it a byte at a time. */
function trickle(url: string, everyMs: number, request = 'POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{') {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(request);
  const timer = setInterval(() => socket.writable && socket.write(' '), everyMs);
  void closed.then(() => clearInterval(timer));
  return { closed, received: () => received, destroy: () => socket.destroy() };
}

/** The connections the server holds open now. */
const openConnections = (server: TestServer) =>
  new Promise<number>((resolve, reject) => server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

// The trickled body would take hours to arrive (100,000 bytes, one every 200 ms): without the
// deadline each test below runs into its own timeout instead of passing.
describe('slow clients', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  it('ends a body trickled in a byte at a time with a 408 at REQUEST_TIMEOUT_MS', async () => {
    server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const slow = trickle(server.url, 200);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    // The documented error envelope (docs/api-conventions.md#errors), not Node's or Fastify's own shape.
    const [head, body] = slow.received().split('\r\n\r\n');
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({ error: { code: 'request_timeout', message: expect.stringContaining('REQUEST_TIMEOUT') as string } });
    // Others are served meanwhile and after.
    expect((await registerUser(server)).token).toEqual(expect.any(String));
  });

  it('gives a job upload the time its declared size needs, and no more: a trickled one still ends with a 408', async () => {
    expect(uploadDeadlineMs(1000, 10 * UPLOAD_MIN_BYTES_PER_SECOND)).toBe(11_000);
    server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const session = await registerUser(server);
    await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', session.user.userId as string).execute();
    // 100,000 bytes declared: REQUEST_TIMEOUT_MS and about 0.4 s more, where the trickle would take hours.
    const head = `POST /api/v1/jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${session.token}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n--b\r\n`;
    const slow = trickle(server.url, 200, head);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('does not let an open slow body hold a shutdown past the request deadline', async () => {
    server = await startTestServer('sqlite', { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' });
    const running = server;
    const slow = trickle(running.url, 200);
    await until('the slow request to be open', async () => (await openConnections(running)) > 0, 10_000, 10);
    await running.close();
    server = undefined;
    // Closed by the server (a 503 while it drains, or the 408 of the deadline), not by this test.
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 (408|503) /);
  });
});
