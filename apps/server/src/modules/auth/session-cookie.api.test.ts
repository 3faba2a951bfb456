import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const WEB = { 'x-altwise-session': 'cookie' };

/** The `name=value` part of the refresh cookie a response set, and its attributes. */
function refreshCookie(headers: Headers): { pair: string; attributes: string } | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('altwise_refresh='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split('; ');
  return { pair: pair!, attributes: attributes.join('; ') };
}

for (const database of DATABASES) {
  describe(`session cookie (${database})`, () => {
    let server: TestServer;
    // Injected so a replay can be placed past the rotation grace window without waiting for it.
    const clock = { now: Date.now() };
    beforeAll(async () => {
      server = await startTestServer(database, {}, { now: () => clock.now });
    });
    afterAll(() => server.close());

    async function webLogin(rememberMe = false) {
      const { credentials } = await registerUser(server);
      const response = await server.request('POST', '/api/auth/login', {
        headers: WEB,
        body: { email: credentials.email, password: credentials.password, rememberMe },
      });
      return { response, cookie: refreshCookie(response.headers)!, credentials };
    }

    it('when the web app signs in, the refresh token goes into an HttpOnly SameSite=Strict cookie and not into the JSON', async () => {
      const { response, cookie } = await webLogin();
      expect(response.status).toBe(200);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.refreshToken).toBeUndefined();
      expect(response.body.tokens.refreshToken).toBeUndefined();
      expect(cookie.pair).toMatch(/^altwise_refresh=[A-Za-z0-9_-]{43}$/);
      expect(cookie.attributes).toContain('HttpOnly');
      expect(cookie.attributes).toContain('SameSite=Strict');
      expect(cookie.attributes).toContain('Path=/api/auth');
      expect(cookie.attributes).toContain(`Max-Age=${24 * 3600}`);
      // Plain HTTP: Secure would make the browser drop the cookie; behind HTTPS it is set (see below).
      expect(cookie.attributes).not.toContain('Secure');
    });

    it('"Remember me" keeps the cookie for 30 days', async () => {
      const { cookie } = await webLogin(true);
      expect(cookie.attributes).toContain(`Max-Age=${30 * 24 * 3600}`);
    });

    it('the cookie is Secure when the request came over HTTPS through a trusted proxy', async () => {
      const proxied = await startTestServer(database, { TRUST_PROXY: 'true' });
      try {
        const { credentials } = await registerUser(proxied);
        const response = await proxied.request('POST', '/api/auth/login', {
          headers: { ...WEB, 'x-forwarded-proto': 'https' },
          body: { email: credentials.email, password: credentials.password },
        });
        expect(refreshCookie(response.headers)!.attributes).toContain('Secure');
      } finally {
        await proxied.close();
      }
    });

    it('refreshes with the cookie and the header, rotating the cookie', async () => {
      const { cookie } = await webLogin();
      const refreshed = await server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie: cookie.pair } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.token).toEqual(expect.any(String));
      expect(refreshed.body.refreshToken).toBeUndefined();
      const next = refreshCookie(refreshed.headers)!;
      expect(next.pair).not.toBe(cookie.pair);
      // The rotated-away cookie is dead, and presenting it again (past the few seconds' grace for
      // concurrent refreshes) ends the family (reuse detection) and clears the cookie.
      clock.now += 10_000;
      const replay = await server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie: cookie.pair } });
      expect(replay.status).toBe(401);
      expect(refreshCookie(replay.headers)!.attributes).toContain('Max-Age=0');
    });

    it('refuses a cookie refresh without the header (a cross-site request cannot send it)', async () => {
      const { cookie } = await webLogin();
      const forged = await server.request('POST', '/api/auth/refresh', { headers: { cookie: cookie.pair } });
      expect(forged.status).toBe(403);
      expect(forged.body.error.code).toBe('forbidden');
      // Nothing was rotated: the real app can still refresh.
      const real = await server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie: cookie.pair } });
      expect(real.status).toBe(200);
    });

    it('refuses a cookie refresh from another origin, and accepts our own', async () => {
      const { cookie } = await webLogin();
      const foreign = await server.request('POST', '/api/auth/refresh', {
        headers: { ...WEB, cookie: cookie.pair, origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      const own = await server.request('POST', '/api/auth/refresh', {
        headers: { ...WEB, cookie: cookie.pair, origin: server.url },
      });
      expect(own.status).toBe(200);
    });

    it('logout with the cookie revokes the session and clears the cookie; without the header it is refused', async () => {
      const { cookie } = await webLogin();
      const forged = await server.request('POST', '/api/auth/logout', { headers: { cookie: cookie.pair } });
      expect(forged.status).toBe(403);

      const logout = await server.request('POST', '/api/auth/logout', { headers: { ...WEB, cookie: cookie.pair } });
      expect(logout.status).toBe(200);
      expect(refreshCookie(logout.headers)!.attributes).toContain('Max-Age=0');
      const after = await server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie: cookie.pair } });
      expect(after.status).toBe(401);
    });

    it('a refresh with neither a body token nor a cookie is a 401', async () => {
      const response = await server.request('POST', '/api/auth/refresh', { headers: WEB });
      expect(response.status).toBe(401);
    });

    it('API clients keep receiving both tokens in JSON and no cookie', async () => {
      const { refreshToken } = await registerUser(server);
      expect(refreshToken).toEqual(expect.any(String));
      const refreshed = await server.request('POST', '/api/auth/refresh', { body: { refreshToken } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body.tokens.refreshToken).toBe(refreshed.body.refreshToken);
      expect(refreshCookie(refreshed.headers)).toBeUndefined();
    });
  });
}
