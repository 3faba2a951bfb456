import { EMAIL_CHANGE_MESSAGES, PASSWORD_MESSAGES, TWO_FACTOR_MESSAGES } from '@altwise/shared';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const PUBLIC_URL = 'https://alt.example.test';
const CONFIRM_LINK = /https:\/\/alt\.example\.test\/confirm-email\?token=([A-Za-z0-9_-]+)/;
const UNDO_LINK = /https:\/\/alt\.example\.test\/undo-email-change\?token=([A-Za-z0-9_-]+)/;
const CONFIRM_SUBJECT = 'Confirm your new Altwise email address';
const NOTICE_SUBJECT = 'Your Altwise email address is being changed';

for (const database of DATABASES) {
  describe(`changing the email address (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let offset = 0;
    const now = () => Date.now() + offset;
    let ip = 0;
    // Each request its own client address, so the sign-in throttle of one test never reaches another.
    const from = () => ({ 'x-forwarded-for': `198.51.100.${(ip += 1)}` });

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: '1' }, { now, mail: { pollMs: 200, retryBaseMs: 50 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    const put = (token: string, body: Record<string, unknown>) => server.request('PUT', '/api/v1/user', { token, body, headers: from() });
    const login = (email: string, password: string) => server.request('POST', '/api/auth/login', { body: { email, password }, headers: from() });
    const refresh = (refreshToken: string) => server.request('POST', '/api/auth/refresh', { body: { refreshToken } });
    const confirm = (token: string) => server.request('POST', '/api/auth/email/confirm', { body: { token } });
    const undo = (token: string) => server.request('POST', '/api/auth/email/undo', { body: { token } });
    const emailOf = async (userId: string) => (await server.app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
    const fresh = () => `new-${Math.random().toString(36).slice(2)}@example.com`;
    async function linkIn(to: string, subject: string, pattern: RegExp): Promise<string> {
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(to) && m.subject === subject);
      return pattern.exec(mail!.text)![1]!;
    }

    it('a bearer token alone changes nothing: the current password is required and checked', async () => {
      const { token, user } = await registerVerifiedUser(server);
      const newEmail = fresh();
      const bare = await put(token, { email: newEmail, firstName: 'Mallory' });
      expect(bare.status).toBe(400);
      expect(bare.body.error.details).toEqual([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordRequired }]);
      const wrong = await put(token, { email: newEmail, currentPassword: 'Wrong-password-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.details).toEqual([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordWrong }]);
      expect(await emailOf(user.userId)).toBe(user.email);
      // A refused change saves nothing else of the request either.
      expect((await server.request('GET', '/api/auth/profile', { token })).body.user.firstName).toBe(user.firstName);
      expect(await server.app.db.selectFrom('email_changes').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    });

    it('with the password: the address changes only by the link mailed to it; the old one gets a notice; every session ends', async () => {
      const { token, refreshToken, credentials, user } = await registerVerifiedUser(server);
      const other = await login(credentials.email, credentials.password);
      const newEmail = fresh();
      const asked = await put(token, { email: newEmail, currentPassword: credentials.password });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ user: expect.objectContaining({ email: credentials.email }), pendingEmail: newEmail });
      expect(await emailOf(user.userId)).toBe(credentials.email);

      const confirmToken = await linkIn(newEmail, CONFIRM_SUBJECT, CONFIRM_LINK);
      const [notice] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === NOTICE_SUBJECT);
      expect(notice!.text).toContain(newEmail);
      expect(notice!.text).toMatch(UNDO_LINK);
      // The new address's mail carries no undo link, the old one's no confirmation link.
      expect(notice!.text).not.toMatch(CONFIRM_LINK);
      // Until the link is followed, the old address signs in and the new one does not.
      expect((await login(newEmail, credentials.password)).status).toBe(401);
      expect((await refresh(refreshToken)).status).toBe(200);

      const confirmed = await confirm(confirmToken);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ success: true, message: EMAIL_CHANGE_MESSAGES.confirmed });
      expect(await emailOf(user.userId)).toBe(newEmail);
      // Every session ended: refresh tokens and access tokens alike.
      expect((await refresh(other.body.refreshToken)).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { token })).status).toBe(401);
      expect((await login(newEmail, credentials.password)).status).toBe(200);
      expect((await login(credentials.email, credentials.password)).status).toBe(401);
      // The link works once.
      const again = await confirm(confirmToken);
      expect(again.status).toBe(400);
      expect(again.body.error.details).toEqual([{ field: 'token', message: EMAIL_CHANGE_MESSAGES.linkInvalid }]);
      // Only hashes are stored.
      const rows = await server.app.db.selectFrom('email_changes').select(['confirm_hash', 'undo_hash']).where('user_id', '=', user.userId).execute();
      expect(rows.flatMap((row) => [row.confirm_hash, row.undo_hash])).not.toContain(confirmToken);
    });

    it('the undo link in the old address\'s notice restores it after the change and ends every session', async () => {
      const { token, credentials, user } = await registerVerifiedUser(server);
      const newEmail = fresh();
      expect((await put(token, { email: newEmail, currentPassword: credentials.password })).status).toBe(200);
      const confirmToken = await linkIn(newEmail, CONFIRM_SUBJECT, CONFIRM_LINK);
      const undoToken = await linkIn(credentials.email, NOTICE_SUBJECT, UNDO_LINK);
      expect((await confirm(confirmToken)).status).toBe(200);
      const attacker = await login(newEmail, credentials.password);
      expect(attacker.status).toBe(200);

      const undone = await undo(undoToken);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({ success: true, message: EMAIL_CHANGE_MESSAGES.undone });
      expect(await emailOf(user.userId)).toBe(credentials.email);
      expect((await refresh(attacker.body.refreshToken)).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { token: attacker.body.token })).status).toBe(401);
      expect((await login(credentials.email, credentials.password)).status).toBe(200);
      expect((await undo(undoToken)).status).toBe(400);
    });

    it('undone before the link is followed, the link no longer works', async () => {
      const { token, credentials, user } = await registerVerifiedUser(server);
      const newEmail = fresh();
      expect((await put(token, { email: newEmail, currentPassword: credentials.password })).status).toBe(200);
      const confirmToken = await linkIn(newEmail, CONFIRM_SUBJECT, CONFIRM_LINK);
      const undoToken = await linkIn(credentials.email, NOTICE_SUBJECT, UNDO_LINK);
      expect((await undo(undoToken)).status).toBe(200);
      expect((await server.request('GET', '/api/auth/profile', { token })).status).toBe(401);
      expect((await confirm(confirmToken)).status).toBe(400);
      expect(await emailOf(user.userId)).toBe(credentials.email);
    });

    it('a newer request retires the older link; a link expires after 24 hours', async () => {
      const { token, credentials, user } = await registerVerifiedUser(server);
      const [first, second] = [fresh(), fresh()];
      expect((await put(token, { email: first, currentPassword: credentials.password })).status).toBe(200);
      const firstToken = await linkIn(first, CONFIRM_SUBJECT, CONFIRM_LINK);
      expect((await put(token, { email: second, currentPassword: credentials.password })).status).toBe(200);
      const secondToken = await linkIn(second, CONFIRM_SUBJECT, CONFIRM_LINK);
      expect((await confirm(firstToken)).status).toBe(400);
      offset += 24 * 60 * 60 * 1000 + 1000;
      expect((await confirm(secondToken)).status).toBe(400);
      expect(await emailOf(user.userId)).toBe(credentials.email);
    });

    it('with two-factor sign-in on, a code is required too', async () => {
      const codeAt = (secret: string) => authenticator.clone({ epoch: now() }).generate(secret);
      const { token, credentials, user } = await registerVerifiedUser(server);
      const setup = await server.request('POST', '/api/auth/two-factor/setup', { token });
      const { secret } = setup.body as { secret: string };
      expect((await server.request('POST', '/api/auth/two-factor/enable', { token, body: { code: codeAt(secret) } })).status).toBe(200);
      // The enrolment spent this time step's code.
      offset += 30_000;
      const newEmail = fresh();
      const noCode = await put(token, { email: newEmail, currentPassword: credentials.password });
      expect(noCode.status).toBe(400);
      expect(noCode.body.error.details).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeRequired }]);
      const badCode = await put(token, { email: newEmail, currentPassword: credentials.password, code: '000000' });
      expect(badCode.status).toBe(400);
      expect(badCode.body.error.details).toEqual([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeInvalid }]);
      expect(await server.app.db.selectFrom('email_changes').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
      const good = await put(token, { email: newEmail, currentPassword: credentials.password, code: codeAt(secret) });
      expect(good.status).toBe(200);
      expect(good.body.pendingEmail).toBe(newEmail);
      await linkIn(newEmail, CONFIRM_SUBJECT, CONFIRM_LINK);
    });

    it('refuses an address another account uses (409), before and when the link is followed', async () => {
      const other = await registerVerifiedUser(server);
      const { token, credentials } = await registerVerifiedUser(server);
      expect((await put(token, { email: other.credentials.email.toUpperCase(), currentPassword: credentials.password })).status).toBe(409);
      const newEmail = fresh();
      expect((await put(token, { email: newEmail, currentPassword: credentials.password })).status).toBe(200);
      const confirmToken = await linkIn(newEmail, CONFIRM_SUBJECT, CONFIRM_LINK);
      await registerVerifiedUser(server, { email: newEmail });
      expect((await confirm(confirmToken)).status).toBe(409);
    });

    it('names and company still change with a bearer token alone', async () => {
      const { token, credentials } = await registerVerifiedUser(server);
      const answer = await put(token, { firstName: 'Augusta', email: credentials.email });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ user: expect.objectContaining({ firstName: 'Augusta', email: credentials.email }) });
    });
  });
}
