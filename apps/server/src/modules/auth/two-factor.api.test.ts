import { TWO_FACTOR_CHALLENGE_SECONDS, TWO_FACTOR_MESSAGES } from '@altwise/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

/** The server's clock, moved forward by the tests (TOTP steps, the challenge's expiry). */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

for (const database of DATABASES) {
  describe(`two-factor sign-in (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    const clock = testClock();
    const codeAt = (secret: string, at = clock.now()) => authenticator.clone({ epoch: at }).generate(secret);

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test' }, { now: clock.now, mail: { pollMs: 200 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    /** A fresh account with two-factor sign-in on; the code that enabled it has been used. */
    async function enrolled() {
      const account = await registerVerifiedUser(server);
      const setup = await server.request('POST', '/api/auth/two-factor/setup', { token: account.token });
      expect(setup.status).toBe(200);
      const { secret } = setup.body as { secret: string };
      const enabled = await server.request('POST', '/api/auth/two-factor/enable', { token: account.token, body: { code: codeAt(secret) } });
      expect(enabled.status).toBe(200);
      return { ...account, secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
    }
    const login = (credentials: { email: string; password: string }) => server.request('POST', '/api/auth/login', { body: credentials });
    const secondStep = (challengeToken: string, code: string) => server.request('POST', '/api/auth/login/two-factor', { body: { challengeToken, code } });

    it('enrols with a key and QR content, confirmed by one code, and mails the change', async () => {
      const { credentials, token, user } = await registerVerifiedUser(server);
      const setup = await server.request('POST', '/api/auth/two-factor/setup', { token });
      expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(setup.body.otpauthUrl).toBe(`otpauth://totp/Altwise:${encodeURIComponent(credentials.email)}?secret=${setup.body.secret}&period=30&digits=6&algorithm=SHA1&issuer=Altwise`);
      // Until confirmed, nothing changes for sign-in.
      expect((await login(credentials)).body.token).toEqual(expect.any(String));
      const wrong = await server.request('POST', '/api/auth/two-factor/enable', { token, body: { code: '000000' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.details).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.enrolmentCodeInvalid }]);
      const enabled = await server.request('POST', '/api/auth/two-factor/enable', { token, body: { code: codeAt(setup.body.secret) } });
      expect(enabled.status).toBe(200);
      expect(enabled.body.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
      expect((await server.request('GET', '/api/v1/settings', { token })).body.settings.security.twoFactor).toBe(true);
      expect((await server.request('GET', '/api/auth/two-factor', { token })).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      expect((await server.request('POST', '/api/auth/two-factor/setup', { token })).status).toBe(409);
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === 'Two-factor sign-in was turned on');
      expect(mail!.text).toContain('https://alt.example.test/app/settings');
      // The secret and the recovery codes are not stored as they were shown.
      const stored = await server.app.db.selectFrom('two_factor').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
      expect(stored.secret_sealed).not.toContain(setup.body.secret);
      const hashes = await server.app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', stored.user_id).execute();
      expect(hashes.map((row) => row.code_hash)).not.toContain(enabled.body.recoveryCodes[0]);
    });

    it('the settings switch alone cannot turn it on or off', async () => {
      const { token } = await registerVerifiedUser(server);
      const response = await server.request('PUT', '/api/v1/settings', { token, body: { security: { twoFactor: true } } });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual([{ field: 'security.twoFactor', message: TWO_FACTOR_MESSAGES.settingsUseEnrolment }]);
      expect((await server.request('GET', '/api/v1/settings', { token })).body.settings.security.twoFactor).toBe(false);
    });

    it('asks for a code after the password, then starts the session', async () => {
      const { credentials, secret } = await enrolled();
      clock.advance(30_000);
      const first = await login(credentials);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String), expiresIn: TWO_FACTOR_CHALLENGE_SECONDS });
      expect(first.body.token).toBeUndefined();
      const wrong = await secondStep(first.body.challengeToken, codeAt(secret) === '123456' ? '654321' : '123456');
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.details).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeInvalid }]);
      const signedIn = await secondStep(first.body.challengeToken, codeAt(secret));
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.email).toBe(credentials.email);
      expect((await server.request('GET', '/api/auth/profile', { token: signedIn.body.token })).status).toBe(200);
    });

    it('refuses a code used once already, even within its time window', async () => {
      const { credentials, secret } = await enrolled();
      // The code that enabled it is still inside the ±1 step window, but was used.
      const replayed = await secondStep((await login(credentials)).body.challengeToken, codeAt(secret));
      expect(replayed.status).toBe(400);
      clock.advance(30_000);
      const code = codeAt(secret);
      const challenge = (await login(credentials)).body.challengeToken;
      expect((await secondStep(challenge, code)).status).toBe(200);
      expect((await secondStep((await login(credentials)).body.challengeToken, code)).status).toBe(400);
      // Two submissions of one fresh code at once: exactly one signs in.
      clock.advance(30_000);
      const fresh = codeAt(secret);
      const [a, b] = await Promise.all([login(credentials), login(credentials)]);
      const answers = await Promise.all([secondStep(a.body.challengeToken, fresh), secondStep(b.body.challengeToken, fresh)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    });

    it('accepts a recovery code once', async () => {
      const { credentials, token, recoveryCodes } = await enrolled();
      const code = recoveryCodes[3]!;
      const signedIn = await secondStep((await login(credentials)).body.challengeToken, code.toUpperCase());
      expect(signedIn.status).toBe(200);
      expect((await secondStep((await login(credentials)).body.challengeToken, code)).status).toBe(400);
      expect((await server.request('GET', '/api/auth/two-factor', { token })).body.recoveryCodesLeft).toBe(9);
    });

    it('the second step\'s token expires, and a forged one is refused', async () => {
      const { credentials, secret } = await enrolled();
      const { challengeToken } = (await login(credentials)).body;
      clock.advance((TWO_FACTOR_CHALLENGE_SECONDS + 1) * 1000);
      const expired = await secondStep(challengeToken, codeAt(secret));
      expect(expired.status).toBe(401);
      expect(expired.body.error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
      const fresh = (await login(credentials)).body.challengeToken as string;
      const [payload, signature] = fresh.split('.');
      expect((await secondStep(`${payload}.${signature!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`, codeAt(secret))).status).toBe(401);
      expect((await secondStep('not-a-token', '123456')).status).toBe(401);
    });

    it('turning it off needs a code, mails the change, and sign-in asks for the password only', async () => {
      const { credentials, token, secret } = await enrolled();
      clock.advance(30_000);
      expect((await server.request('POST', '/api/auth/two-factor/disable', { token, body: {} })).status).toBe(400);
      expect((await server.request('POST', '/api/auth/two-factor/disable', { token, body: { code: 'wrong-code' } })).status).toBe(400);
      expect((await server.request('POST', '/api/auth/two-factor/disable', { token, body: { code: codeAt(secret) } })).status).toBe(200);
      const session = await login(credentials);
      expect(session.body.token).toEqual(expect.any(String));
      expect((await server.request('GET', '/api/v1/settings', { token })).body.settings.security.twoFactor).toBe(false);
      expect((await server.request('POST', '/api/auth/two-factor/disable', { token, body: { code: codeAt(secret) } })).status).toBe(409);
      await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === 'Two-factor sign-in was turned off');
    });

    it('needs a signed-in user for every enrolment call', async () => {
      for (const path of ['/api/auth/two-factor/setup', '/api/auth/two-factor/enable', '/api/auth/two-factor/disable']) {
        expect((await server.request('POST', path, { body: { code: '123456' } })).status).toBe(401);
      }
    });
  });

  describe(`two-factor throttle (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('counts codes before checking them: of 40 concurrent wrong codes at most 10 are checked', async () => {
      const account = await registerVerifiedUser(server);
      const { secret } = (await server.request('POST', '/api/auth/two-factor/setup', { token: account.token })).body;
      await server.request('POST', '/api/auth/two-factor/enable', { token: account.token, body: { code: authenticator.generate(secret) } });
      const { challengeToken } = (await server.request('POST', '/api/auth/login', { body: account.credentials })).body;
      const right = authenticator.generate(secret);
      const wrong = right === '000000' ? '111111' : '000000';
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => server.request('POST', '/api/auth/login/two-factor', { body: { challengeToken, code: wrong } })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
      // Even the right code waits for the window now.
      expect((await server.request('POST', '/api/auth/login/two-factor', { body: { challengeToken, code: right } })).status).toBe(429);
    });
  });
}
