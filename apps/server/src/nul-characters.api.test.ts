import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distinctPng, uploadForm } from './modules/alt-text/alt-text.test-support';
import { DATABASES, registerUser, startTestServer } from '../test/support/test-server';
import type { TestServer } from '../test/support/test-server';

const NUL = '\u0000';

for (const database of DATABASES) {
  describe(`a NUL character in any string the API accepts (${database})`, () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer(database);
      ({ token } = await registerUser(server));
    });
    afterAll(() => server.close());

    const expectFieldRefused = (response: { status: number; body: any }, field: string) => {
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.details).toContainEqual({ field, message: expect.stringContaining('NUL') });
    };

    it('is a 400 naming the field in register and login bodies', async () => {
      const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'nul@example.com', password: 'Correct-Horse-9' };
      expectFieldRefused(await server.request('POST', '/api/auth/register', { body: { ...body, email: `nul${NUL}@example.com` } }), 'email');
      expectFieldRefused(await server.request('POST', '/api/auth/register', { body: { ...body, firstName: `A${NUL}da` } }), 'firstName');
      expectFieldRefused(await server.request('POST', '/api/auth/register', { body: { ...body, company: `X${NUL}` } }), 'company');
      expectFieldRefused(await server.request('POST', '/api/auth/login', { body: { email: `a${NUL}@example.com`, password: 'Correct-Horse-9' } }), 'email');
    });

    it('is a 400 in a profile update, a key id, a history cursor and an upload\'s file name', async () => {
      expectFieldRefused(await server.request('PUT', '/api/v1/user', { token, body: { lastName: `L${NUL}` } }), 'lastName');
      expectFieldRefused(await server.request('DELETE', `/api/v1/api-keys/key%00id`, { token }), 'id');
      expectFieldRefused(await server.request('GET', `/api/v1/images?cursor=abc%00def`, { token }), 'cursor');
      const imageData = (await distinctPng()).toString('base64');
      expectFieldRefused(await server.request('POST', '/api/v1/images', { token, body: { imageData, fileName: `a${NUL}.png` } }), 'fileName');
      expectFieldRefused(await server.request('POST', '/api/v1/images', { token, body: uploadForm(await distinctPng(), 'photo.png', { context: `c${NUL}` }) }), 'context');
    });

    it('is a 400 in a multipart file name', async () => {
      const boundary = 'nul-boundary';
      const png = await distinctPng();
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a${NUL}b.png"\r\nContent-Type: image/png\r\n\r\n`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await server.request('POST', '/api/v1/images', {
        token,
        body: new Uint8Array(body),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expectFieldRefused(response, 'file');
    });

    it('is a 400 in an object key or deep inside a nested value', async () => {
      expectFieldRefused(await server.request('PUT', '/api/v1/settings', { token, body: { notifications: { [`x${NUL}`]: true } } }), `notifications.x${NUL}`);
    });
  });
}
