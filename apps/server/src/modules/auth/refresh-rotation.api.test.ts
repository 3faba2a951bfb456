import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { ROTATION_GRACE_MS } from './refresh-token.service';

const WEB = { 'x-altwise-session': 'cookie' };

function cookiePair(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('altwise_refresh='))
    ?.split('; ')[0];
}

for (const database of DATABASES) {
  describe(`refresh token rotation and reuse (${database})`, () => {
    let server: TestServer;
    const clock = { now: Date.parse('2030-03-01T10:00:00.000Z') };
    beforeAll(async () => {
      server = await startTestServer(database, {}, { now: () => clock.now });
    });
    afterAll(() => server.close());

    const refresh = (refreshToken: string) => server.request('POST', '/api/auth/refresh', { body: { refreshToken } });

    it('the same token sent twice at once: one rotates it, the other gets a 409, and the session survives', async () => {
      for (let race = 0; race < 10; race += 1) {
        const { refreshToken } = await registerUser(server);
        const answers = await Promise.all([0, 1].map(() => refresh(refreshToken)));
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        const loser = answers.find((answer) => answer.status === 409)!;
        expect(loser.body.error.code).toBe('conflict');
        expect(loser.body).not.toHaveProperty('refreshToken');
        // The winner's new token still works: nothing was revoked.
        const winner = answers.find((answer) => answer.status === 200)!;
        const next = await refresh(winner.body.refreshToken);
        expect(next.status).toBe(200);
      }
    });

    it('two web tabs refreshing with the same cookie at once: the loser keeps the cookie and its retry succeeds', async () => {
      const { credentials } = await registerUser(server);
      const login = await server.request('POST', '/api/auth/login', {
        headers: WEB,
        body: { email: credentials.email, password: credentials.password },
      });
      const cookie = cookiePair(login.headers)!;
      const answers = await Promise.all(
        [0, 1].map(() => server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie } })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.status === 409)!;
      // Clearing the cookie here would wipe the newer one the winner's answer just set in the browser.
      expect(cookiePair(loser.headers)).toBeUndefined();
      const winnerCookie = cookiePair(answers.find((answer) => answer.status === 200)!.headers)!;
      // The browser's jar now holds the winner's cookie; the loser's retry presents it.
      const retry = await server.request('POST', '/api/auth/refresh', { headers: { ...WEB, cookie: winnerCookie } });
      expect(retry.status).toBe(200);
      expect(retry.body.user.email).toBe(credentials.email);
    });

    it('inside the grace window a rotated token is refused without revoking anything', async () => {
      const { refreshToken } = await registerUser(server);
      const first = await refresh(refreshToken);
      expect(first.status).toBe(200);
      clock.now += ROTATION_GRACE_MS - 1;
      const late = await refresh(refreshToken);
      expect(late.status).toBe(409);
      expect((await refresh(first.body.refreshToken)).status).toBe(200);
    });

    it('past the grace window, reusing a rotated token revokes the whole family', async () => {
      const { refreshToken } = await registerUser(server);
      const first = await refresh(refreshToken);
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).not.toBe(refreshToken);
      clock.now += ROTATION_GRACE_MS;
      const replay = await refresh(refreshToken);
      expect(replay.status).toBe(401);
      expect(replay.body.error.code).toBe('unauthorized');
      // The thief's replay also kills the legitimate, newer token of the same family.
      expect((await refresh(first.body.refreshToken)).status).toBe(401);
    });

    it('a replay after the grace window also ends a family whose loser got a 409 earlier', async () => {
      const { refreshToken } = await registerUser(server);
      const answers = await Promise.all([0, 1].map(() => refresh(refreshToken)));
      const winner = answers.find((answer) => answer.status === 200)!;
      clock.now += ROTATION_GRACE_MS + 1_000;
      expect((await refresh(refreshToken)).status).toBe(401);
      expect((await refresh(winner.body.refreshToken)).status).toBe(401);
    });

    it('a token revoked by logout gets no grace: presenting it at once is a 401', async () => {
      const { refreshToken } = await registerUser(server);
      expect((await server.request('POST', '/api/auth/logout', { body: { refreshToken } })).status).toBe(200);
      const after = await refresh(refreshToken);
      expect(after.status).toBe(401);
    });
  });
}
