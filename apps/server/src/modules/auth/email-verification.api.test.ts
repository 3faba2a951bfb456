import { EMAIL_CHANGE_MESSAGES, EMAIL_VERIFICATION_MESSAGES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { SKIPPED_UNVERIFIED } from '../mail';
import { VERIFY_LINK_HOURS } from './email-verification-mails';
import { VERIFICATION_RESENDS_PER_HOUR } from './email-verification.service';

const PUBLIC_URL = 'https://alt.example.test';
const VERIFY_LINK = /https:\/\/alt\.example\.test\/verify-email\?token=([A-Za-z0-9_-]+)/;
const VERIFY_SUBJECT = 'Confirm your email address for Altwise';
const ALERT_SUBJECT = 'New sign-in to your Altwise account';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

for (const database of DATABASES) {
  describe(`email address verification (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let offset = 0;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL }, { now: () => Date.now() + offset, mail: { pollMs: 200 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    const verify = (token: string, bearer?: string) => server.request('POST', '/api/auth/email/verify', { body: { token }, token: bearer });
    const resend = (bearer: string) => server.request('POST', '/api/auth/email/verify/resend', { token: bearer });
    const profile = async (bearer: string) => (await server.request('GET', '/api/auth/profile', { token: bearer })).body.user;
    const mailsTo = (to: string) => sink.received.filter((mail) => mail.to.includes(to));
    /** The token of the `nth` (1-based) verification mail to `to`, once it arrived. */
    async function verificationToken(to: string, nth = 1): Promise<string> {
      const mails = await sink.waitFor(nth, (m) => m.to.includes(to) && m.subject === VERIFY_SUBJECT);
      return VERIFY_LINK.exec(mails[nth - 1]!.text)![1]!;
    }
    const outboxRows = (userId: string, kind: string) =>
      server.app.db.selectFrom('mail_outbox').select(['status', 'last_error', 'to_address']).where('user_id', '=', userId).where('kind', '=', kind).execute();
    const dead = { field: 'token', message: EMAIL_CHANGE_MESSAGES.linkInvalid };

    it('registration mails the link; it verifies the address once, a replay is refused', async () => {
      const { token, credentials, user } = await registerUser(server);
      expect(user.emailVerified).toBe(false);
      const link = await verificationToken(credentials.email);

      const first = await verify(link);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, message: EMAIL_VERIFICATION_MESSAGES.verified });
      expect((await profile(token)).emailVerified).toBe(true);

      const replay = await verify(link);
      expect(replay.status).toBe(400);
      expect(replay.body.error.details).toEqual([dead]);
      expect((await verify('not-a-token')).status).toBe(400);
    });

    it(`an expired link (older than ${VERIFY_LINK_HOURS} hours) is refused and verifies nothing`, async () => {
      const { token, credentials } = await registerUser(server);
      const link = await verificationToken(credentials.email);
      offset += VERIFY_LINK_HOURS * 3_600_000 + 60_000;
      try {
        const late = await verify(link);
        expect(late.status).toBe(400);
        expect(late.body.error.details).toEqual([dead]);
      } finally {
        offset = 0;
      }
      expect((await profile(token)).emailVerified).toBe(false);
    });

    it('another account cannot use a link: it verifies only the address it was mailed to', async () => {
      const alice = await registerUser(server);
      const mallory = await registerUser(server);
      const link = await verificationToken(alice.credentials.email);
      // Presented with Mallory's session, the link still proves only Alice's address.
      expect((await verify(link, mallory.token)).status).toBe(200);
      expect((await profile(mallory.token)).emailVerified).toBe(false);
      expect((await profile(alice.token)).emailVerified).toBe(true);

      // A link mailed to an address the account no longer uses proves nothing (the address is
      // moved here directly; a confirmed email change proves its new address by its own link).
      const bob = await registerUser(server);
      const bobLink = await verificationToken(bob.credentials.email);
      await server.app.db.updateTable('users').set({ email: `moved-${bob.credentials.email}` }).where('id', '=', bob.user.userId).execute();
      expect((await verify(bobLink)).status).toBe(400);
      expect((await profile(bob.token)).emailVerified).toBe(false);
    });

    it('until verified a login alert is recorded as skipped and never sent; once verified it is sent', async () => {
      const { token, credentials, user } = await registerUser(server);
      const signIn = (userAgent: string) => server.request('POST', '/api/auth/login', { body: credentials, headers: { 'user-agent': userAgent } });
      expect((await signIn(FIREFOX)).status).toBe(200);
      expect(await outboxRows(user.userId, 'login-alert')).toEqual([{ status: 'skipped', last_error: SKIPPED_UNVERIFIED, to_address: credentials.email }]);

      // The real link flow, then a sign-in from another new browser.
      expect((await verify(await verificationToken(credentials.email))).status).toBe(200);
      expect((await signIn(CHROME)).status).toBe(200);
      const [alert] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === ALERT_SUBJECT);
      expect(alert!.text).toContain('Browser: Chrome on Linux');
      // The skipped one is final: exactly one alert ever reached the address.
      expect(mailsTo(credentials.email).map((mail) => mail.subject).sort()).toEqual([VERIFY_SUBJECT, ALERT_SUBJECT].sort());
      expect((await outboxRows(user.userId, 'login-alert')).map((row) => row.status === 'skipped').sort()).toEqual([false, true]);
      expect((await profile(token)).emailVerified).toBe(true);
    });

    it('a password reset still reaches an unverified address, and following it verifies the address', async () => {
      const { credentials, user } = await registerUser(server);
      expect((await server.request('POST', '/api/auth/password/forgot', { body: { email: credentials.email } })).status).toBe(200);
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === 'Reset your Altwise password');
      const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      expect((await server.request('POST', '/api/auth/password/reset', { body: { token: resetToken, password: 'Another-Horse-42' } })).status).toBe(200);
      expect(await outboxRows(user.userId, 'password-changed')).toEqual([expect.objectContaining({ status: expect.stringMatching(/^(pending|sent)$/) })]);
      const fresh = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: 'Another-Horse-42' } });
      expect(fresh.body.user.emailVerified).toBe(true);
    });

    it('an email change sends its link to the new address, not its notice to the unverified old one; following the link verifies the new address', async () => {
      const { token, credentials, user } = await registerUser(server);
      const newEmail = `moved-${Math.random().toString(36).slice(2)}@example.com`;
      expect((await server.request('PUT', '/api/v1/user', { token, body: { email: newEmail, currentPassword: credentials.password } })).status).toBe(200);
      expect(await outboxRows(user.userId, 'email-change-notice')).toEqual([{ status: 'skipped', last_error: SKIPPED_UNVERIFIED, to_address: credentials.email }]);
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(newEmail) && m.subject === 'Confirm your new Altwise email address');
      const confirmToken = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      expect((await server.request('POST', '/api/auth/email/confirm', { body: { token: confirmToken } })).status).toBe(200);
      const signedIn = await server.request('POST', '/api/auth/login', { body: { email: newEmail, password: credentials.password } });
      expect(signedIn.body.user).toMatchObject({ email: newEmail, emailVerified: true });
    });

    it(`resend mails a new link that works (the older stops), at most ${VERIFICATION_RESENDS_PER_HOUR} an hour`, async () => {
      const { token, credentials } = await registerUser(server);
      const firstLink = await verificationToken(credentials.email);
      const again = await resend(token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ success: true, message: EMAIL_VERIFICATION_MESSAGES.resent });
      const secondLink = await verificationToken(credentials.email, 2);
      expect(secondLink).not.toBe(firstLink);
      expect((await verify(firstLink)).status).toBe(400);

      for (let i = 1; i < VERIFICATION_RESENDS_PER_HOUR; i += 1) expect((await resend(token)).status).toBe(200);
      const limited = await resend(token);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      const latest = await verificationToken(credentials.email, 1 + VERIFICATION_RESENDS_PER_HOUR);
      expect((await verify(latest)).status).toBe(200);
      expect((await profile(token)).emailVerified).toBe(true);
    });

    it('resend for a verified address answers the same and sends nothing; without a session it is a 401', async () => {
      const { token, credentials } = await registerUser(server);
      expect((await verify(await verificationToken(credentials.email))).status).toBe(200);
      const links = async () => (await server.app.db.selectFrom('email_verifications').select('id').where('email', '=', credentials.email).execute()).length;
      expect(await links()).toBe(1);
      expect((await resend(token)).body).toEqual({ success: true, message: EMAIL_VERIFICATION_MESSAGES.resent });
      expect(await links()).toBe(1);
      expect((await server.request('POST', '/api/auth/email/verify/resend')).status).toBe(401);
    });
  });
}
