import { PASSWORD_MESSAGES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`change password (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test' }, { mail: { pollMs: 200 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    const change = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      server.request('POST', '/api/auth/password', { token, body, headers });

    it('needs the current password, and refuses a wrong one on its field', async () => {
      const { token } = await registerVerifiedUser(server);
      const wrong = await change(token, { currentPassword: 'Not-My-Password-1', newPassword: 'Next-Password-2' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.details).toEqual([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordWrong }]);
      const missing = await change(token, { newPassword: 'Next-Password-2' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details[0]).toEqual({ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordRequired });
      expect((await server.request('POST', '/api/auth/password', { body: { currentPassword: 'x', newPassword: 'Next-Password-2' } })).status).toBe(401);
    });

    it('sets the new password, ends every other session and hands the caller a new one', async () => {
      const { credentials, token, refreshToken } = await registerVerifiedUser(server);
      const other = await server.request('POST', '/api/auth/login', { body: credentials });
      const changed = await change(token, { currentPassword: credentials.password, newPassword: 'Changed-Pass-4' });
      expect(changed.status).toBe(200);
      expect(changed.body.user.email).toBe(credentials.email);
      // The other device and this one's old tokens are done; the new session works.
      expect((await server.request('GET', '/api/auth/profile', { token: other.body.token })).status).toBe(401);
      expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken: other.body.refreshToken } })).status).toBe(401);
      expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { token })).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { token: changed.body.token })).status).toBe(200);
      expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken: changed.body.refreshToken } })).status).toBe(200);
      expect((await server.request('POST', '/api/auth/login', { body: credentials })).status).toBe(401);
      expect((await server.request('POST', '/api/auth/login', { body: { ...credentials, password: 'Changed-Pass-4' } })).status).toBe(200);
      const [notice] = await sink.waitFor(1, (mail) => mail.to.includes(credentials.email) && mail.subject === 'Your Altwise password was changed');
      expect(notice!.text).toContain('changed from your profile');
    });

    it('gives the web app its new session in the cookie, as at sign-in', async () => {
      const { credentials, token } = await registerVerifiedUser(server);
      const changed = await change(token, { currentPassword: credentials.password, newPassword: 'Cookie-Pass-5' }, { 'x-altwise-session': 'cookie' });
      expect(changed.status).toBe(200);
      // Attributes in any order: a cookie's attributes have none.
      const cookie = changed.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^altwise_refresh=[A-Za-z0-9_-]+;/);
      expect(cookie.split('; ')).toEqual(expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'SameSite=Strict']));
      expect(changed.body.refreshToken).toBeUndefined();
    });

    it('refuses the same password and a too short one', async () => {
      const { credentials, token } = await registerVerifiedUser(server);
      const same = await change(token, { currentPassword: credentials.password, newPassword: credentials.password });
      expect(same.status).toBe(400);
      expect(same.body.error.details).toEqual([{ field: 'newPassword', message: PASSWORD_MESSAGES.newPasswordSameAsCurrent }]);
      const short = await change(token, { currentPassword: credentials.password, newPassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.error.details).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
    });
  });
}
