import { VALIDATION } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { hashPassword } from './auth.service';

const LINK = /https:\/\/alt\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/;
const tooCommon = (field: string) => [{ field, message: VALIDATION.passwordTooCommon }];

for (const database of DATABASES) {
  describe(`common passwords refused (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let ip = 0;
    const from = () => ({ 'x-forwarded-for': `203.0.113.${(ip += 1)}` });

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(
        database,
        { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test', TRUST_PROXY: '1' },
        { mail: { pollMs: 200 } },
      );
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    it('refuses "password" and its look-alikes at registration, on the password field, and creates no account', async () => {
      for (const password of ['password', 'Password1', 'QWERTY123', '12345678']) {
        const email = `common-${ip}@example.com`;
        const answer = await server.request('POST', '/api/auth/register', {
          body: { firstName: 'Ada', lastName: 'Lovelace', email, password },
          headers: from(),
        });
        expect(answer.status, password).toBe(400);
        expect(answer.body.error.code).toBe('validation_failed');
        expect(answer.body.error.details).toEqual(tooCommon('password'));
        const row = await server.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        expect(row).toBeUndefined();
      }
      // A password of the same shape that nobody uses is welcome.
      const ok = await server.request('POST', '/api/auth/register', {
        body: { firstName: 'Ada', lastName: 'Lovelace', email: 'uncommon@example.com', password: 'Harbour-Lights-42' },
        headers: from(),
      });
      expect(ok.status).toBe(201);
    });

    it('refuses a common new password on change, keeping the current one', async () => {
      const { credentials, token } = await registerUser(server);
      const answer = await server.request('POST', '/api/auth/password', {
        token,
        body: { currentPassword: credentials.password, newPassword: 'iloveyou1' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.details).toEqual(tooCommon('newPassword'));
      const login = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password }, headers: from() });
      expect(login.status).toBe(200);
    });

    it('refuses a common password on reset and leaves the link usable', async () => {
      const { credentials } = await registerUser(server);
      expect((await server.request('POST', '/api/auth/password/forgot', { body: { email: credentials.email }, headers: from() })).status).toBe(200);
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === 'Reset your Altwise password');
      const resetToken = LINK.exec(mail!.text)![1]!;
      const refused = await server.request('POST', '/api/auth/password/reset', { body: { token: resetToken, password: 'sunshine' }, headers: from() });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual(tooCommon('password'));
      const accepted = await server.request('POST', '/api/auth/password/reset', { body: { token: resetToken, password: 'Quiet-Harbour-7' }, headers: from() });
      expect(accepted.status).toBe(200);
    });

    it('still signs in an account whose password predates the rule', async () => {
      const { credentials, user } = await registerUser(server);
      await server.app.db.updateTable('users').set({ password_hash: await hashPassword('password') }).where('id', '=', user.userId).execute();
      const login = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: 'password' }, headers: from() });
      expect(login.status).toBe(200);
    });
  });
}
