import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

/** Sends `bytes` of body after headers announcing them, as fast as the socket takes them. */
function sendLargeBody(url: string, path: string, bytes: number, head: { contentType?: string; token?: string; preamble?: string; epilogue?: string } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ response: string; error: string | null; sent: number }>((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let response = '';
    let error: string | null = null;
    let sent = 0;
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => resolve({ response, error, sent }));
    const auth = head.token ? `Authorization: Bearer ${head.token}\r\n` : '';
    const preamble = head.preamble ?? '';
    const epilogue = head.epilogue ?? '';
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${head.contentType ?? 'application/json'}\r\n${auth}Content-Length: ${bytes + preamble.length + epilogue.length}\r\n\r\n${preamble}`,
    );
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent < bytes) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!socket.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          socket.once('drain', pump);
          return;
        }
      }
      // Everything sent: a client then reads the answer and closes.
      socket.end(epilogue);
    };
    pump();
  });
}

describe('an over-size body', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  });
  afterAll(() => server.close());

  it('is read to its end and answered with a clean 413, so the client never writes into a closed socket', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const result = await sendLargeBody(server.url, '/api/auth/register', 4 * 1024 * 1024);
      expect(result.error).toBeNull();
      expect(result.response).toMatch(/^HTTP\/1\.1 413/);
      expect(result.response).toContain('"code":"payload_too_large"');
    }
  });

  it('does the same for a base64 imageData over the image limit', async () => {
    const { token } = await registerUser(server);
    const result = await sendLargeBody(server.url, '/api/v1/images', 15 * 1024 * 1024, { token });
    expect(result.error).toBeNull();
    expect(result.response).toMatch(/^HTTP\/1\.1 413/);
  });

  it('does the same for an upload over IMAGE_MAX_BYTES', async () => {
    const { token } = await registerUser(server);
    const boundary = 'linger';
    const result = await sendLargeBody(server.url, '/api/v1/images', 12 * 1024 * 1024, {
      token,
      contentType: `multipart/form-data; boundary=${boundary}`,
      preamble: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      epilogue: `\r\n--${boundary}--\r\n`,
    });
    expect(result.error).toBeNull();
    expect(result.response).toMatch(/^HTTP\/1\.1 413/);
  });
});
