import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

for (const database of DATABASES) {
  describe(`requests a hostile client sends (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('authenticates before it validates: a bad body without a token is a 401, not a 400 with field details', async () => {
      const attempts: Array<[string, string, unknown]> = [
        ['POST', '/api/user/subscription', { planId: 42 }],
        ['PUT', '/api/user/subscription', { plan: [] }],
        ['POST', '/api/v1/api-keys/validate', { apiKey: 7 }],
        ['POST', '/api/v1/api-keys', { userId: 5 }],
        ['PUT', '/api/v1/user', { email: 'not-an-email' }],
        ['PUT', '/api/v1/settings', { security: { sessionTimeout: 'forever' } }],
        ['POST', '/api/v1/images', { maxLength: 'long' }],
      ];
      for (const [method, path, body] of attempts) {
        const response = await server.request(method, path, { body });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(response.body.error.code).toBe('unauthorized');
      }
    });

    it('refuses an Authorization header with anything after the token', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('GET', '/api/auth/profile', { headers: { authorization: `Bearer ${token} extra` } });
      expect(response.status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { headers: { authorization: `Bearer  ${token}` } })).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
    });

    it('logs out with no body, an empty JSON body, or a token', async () => {
      const { refreshToken } = await registerUser(server);
      const bare = await fetch(`${server.url}/api/auth/logout`, { method: 'POST' });
      expect(bare.status).toBe(200);
      const emptyJson = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      expect(emptyJson.status).toBe(200);
      expect((await server.request('POST', '/api/auth/logout', { body: {} })).status).toBe(200);
      expect((await server.request('POST', '/api/auth/logout', { body: { refreshToken } })).status).toBe(200);
      expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
    });

    it("answers 401 to a deleted account's still-valid token, not a 500", async () => {
      const { token } = await registerUser(server);
      expect((await server.request('DELETE', '/api/v1/user', { token })).status).toBe(200);
      const settings = await server.request('PUT', '/api/v1/settings', { token, body: { notifications: { email: false } } });
      expect(settings.status).toBe(401);
      expect(settings.body.error.code).toBe('unauthorized');
      expect((await server.request('GET', '/api/v1/settings', { token })).status).toBe(401);
    });

    it('marks every non-public /api answer Cache-Control: no-store, errors included', async () => {
      const { token, refreshToken, credentials } = await registerUser(server);
      const secretBearing = [
        await server.request('POST', '/api/auth/register', { body: { ...credentials, email: `x${credentials.email}` } }),
        await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password } }),
        await server.request('POST', '/api/auth/refresh', { body: { refreshToken } }),
        await server.request('GET', '/api/v1/api-keys', { token }),
        await server.request('GET', '/api/auth/profile', { token }),
        await server.request('GET', '/api/auth/profile'),
        await server.request('GET', '/api/v1/nothing-here'),
      ];
      for (const response of secretBearing) expect(response.headers.get('cache-control')).toBe('no-store');
      expect((await server.request('GET', '/api/v1/plans')).headers.get('cache-control')).not.toBe('no-store');
    });
  });
}
