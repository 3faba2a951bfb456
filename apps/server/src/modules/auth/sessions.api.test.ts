import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

for (const database of DATABASES) {
  describe(`sessions (${database})`, () => {
    let server: TestServer;
    const clock = { now: Date.parse('2030-07-01T09:00:00.000Z') };
    beforeAll(async () => {
      server = await startTestServer(database, {}, { now: () => clock.now });
    });
    afterAll(() => server.close());

    const refresh = (refreshToken: string) => server.request('POST', '/api/auth/refresh', { body: { refreshToken } });
    const login = (credentials: { email: string; password: string }, rememberMe = false) =>
      server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password, rememberMe } });

    it('logout-all revokes every session of the account and only that account', async () => {
      const { token, refreshToken, credentials } = await registerUser(server);
      const others = [(await login(credentials)).body.refreshToken, (await login(credentials, true)).body.refreshToken];
      const bystander = await registerUser(server);

      const response = await server.request('POST', '/api/auth/logout-all', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      for (const session of [refreshToken, ...others]) expect((await refresh(session)).status).toBe(401);
      expect((await refresh(bystander.refreshToken)).status).toBe(200);
      // Signing in again starts a new session.
      const again = await login(credentials);
      expect(again.status).toBe(200);
      expect((await refresh(again.body.refreshToken)).status).toBe(200);
    });

    it('logout-all needs a bearer token', async () => {
      expect((await server.request('POST', '/api/auth/logout-all')).status).toBe(401);
    });

    it('a 1h session timeout makes a refresh token unusable after an hour idle', async () => {
      const { token, credentials } = await registerUser(server);
      const set = await server.request('PUT', '/api/v1/settings', { token, body: { security: { sessionTimeout: '1h' } } });
      expect(set.status).toBe(200);

      const session = (await login(credentials)).body.refreshToken;
      clock.now += 59 * MINUTE;
      const rotated = await refresh(session);
      expect(rotated.status).toBe(200);
      // Each use restarts the idle hour; an hour without use ends the session.
      clock.now += HOUR;
      const expired = await refresh(rotated.body.refreshToken);
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('unauthorized');
    });

    it('applies a shorter timeout to tokens issued before it was chosen', async () => {
      const { token, refreshToken } = await registerUser(server);
      await server.request('PUT', '/api/v1/settings', { token, body: { security: { sessionTimeout: '1h' } } });
      clock.now += HOUR + 1000;
      expect((await refresh(refreshToken)).status).toBe(401);
    });

    it('"Remember me" keeps a used session for 30 days; without it the session ends 24 hours after sign-in', async () => {
      const { credentials } = await registerUser(server);
      let remembered = (await login(credentials, true)).body.refreshToken;
      let plain = (await login(credentials)).body.refreshToken;
      // Used every 12 hours: the plain session dies at its 24-hour end, the remembered one lives on.
      for (let step = 1; step <= 6; step += 1) {
        clock.now += 12 * HOUR;
        const next = await refresh(remembered);
        expect(next.status).toBe(200);
        remembered = next.body.refreshToken;
        const plainNext = await refresh(plain);
        expect(plainNext.status).toBe(step === 1 ? 200 : 401);
        if (plainNext.status === 200) plain = plainNext.body.refreshToken;
      }
      // ...but never past 30 days from sign-in, however often it is used.
      for (let day = 3; day < 30; day += 1) {
        clock.now += 24 * HOUR - MINUTE;
        const next = await refresh(remembered);
        expect(next.status).toBe(200);
        remembered = next.body.refreshToken;
      }
      // Two hours later: well inside the idle limit, but past the 30th day.
      clock.now += 2 * HOUR;
      expect((await refresh(remembered)).status).toBe(401);
    });

    it('keeps the default 24h timeout: a token idle for 2 hours still works', async () => {
      const { refreshToken } = await registerUser(server);
      clock.now += 2 * HOUR;
      expect((await refresh(refreshToken)).status).toBe(200);
    });
  });
}
