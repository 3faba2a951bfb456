import { PASSWORD_MESSAGES } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { until } from '../../../test/support/server-process';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const PUBLIC_URL = 'https://alt.example.test';
const LINK = /https:\/\/alt\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/;

for (const database of DATABASES) {
  describe(`password reset (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    // The server's clock: real time plus whatever a test moves it on.
    let skewMs = 0;
    let ip = 0;
    // Each test its own client address, so the per-address limits of one test do not reach another.
    const from = () => ({ 'x-forwarded-for': `198.51.100.${(ip += 1)}` });

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(
        database,
        { SMTP_URL: sink.url, PUBLIC_URL, MAIL_FROM: 'Altwise <no-reply@alt.example.test>', TRUST_PROXY: '1' },
        { now: () => Date.now() + skewMs, mail: { pollMs: 200, retryBaseMs: 50 } },
      );
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    const forgot = (email: string, headers = from()) => server.request('POST', '/api/auth/password/forgot', { body: { email }, headers });
    const reset = (token: string, password: string, headers = from()) => server.request('POST', '/api/auth/password/reset', { body: { token, password }, headers });
    // Registration's verification link goes to the same address: only the reset mails.
    const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email) && mail.subject === 'Reset your Altwise password');
    async function linkFor(email: string): Promise<string> {
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(email) && m.subject === 'Reset your Altwise password');
      return LINK.exec(mail!.text)![1]!;
    }

    it('mails a link to PUBLIC_URL/reset-password, in plain text and accessible HTML, and stores only its hash', async () => {
      const { credentials } = await registerUser(server, { firstName: '<b>Ada</b>' });
      const answer = await forgot(credentials.email.toUpperCase());
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: PASSWORD_MESSAGES.resetRequested });
      const token = await linkFor(credentials.email);
      const [mail] = mailsTo(credentials.email);
      expect(mail!.from).toBe('no-reply@alt.example.test');
      expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@alt\.example\.test>$/);
      expect(mail!.text).toContain('within 30 minutes');
      expect(mail!.html).toContain('<html lang="en">');
      expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/reset-password?token=${token}"`);
      expect(mail!.html).toContain('Choose a new password</a>');
      // A name is text in the HTML, never markup.
      expect(mail!.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
      const rows = await server.app.db.selectFrom('password_reset_tokens').select('token_hash').execute();
      expect(rows.some((row) => row.token_hash === token)).toBe(false);
      expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
      // The outbox keeps no readable link, and nothing at all once sent.
      const outbox = () => server.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', credentials.email).where('kind', '=', 'password-reset').execute();
      const [row] = await until('the message marked sent', async () => {
        const rows = await outbox();
        return rows[0]?.status === 'sent' && rows;
      });
      expect(await outbox()).toHaveLength(1);
      expect(row!.body_sealed).toBe('');
    });

    it('answers an unknown address exactly as a known one, and mails nothing', async () => {
      const known = await registerUser(server);
      const [forKnown, forUnknown] = [await forgot(known.credentials.email), await forgot('nobody-here@example.com')];
      expect(forUnknown.status).toBe(forKnown.status);
      expect(forUnknown.body).toEqual(forKnown.body);
      await linkFor(known.credentials.email);
      // The known address's mail went out after both requests; by then the unknown one would have too.
      expect(sink.received.filter((mail) => mail.to.includes('nobody-here@example.com'))).toEqual([]);
      expect(await server.app.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'nobody-here@example.com').execute()).toEqual([]);
    });

    it('sets the new password once: the link cannot be used again, and the old password stops working', async () => {
      const { credentials } = await registerUser(server);
      await forgot(credentials.email);
      const token = await linkFor(credentials.email);
      const done = await reset(token, 'Brand-New-Pass-7');
      expect(done.status).toBe(200);
      const again = await reset(token, 'Another-Pass-8');
      expect(again.status).toBe(400);
      expect(again.body.error.details).toEqual([{ field: 'token', message: PASSWORD_MESSAGES.resetLinkInvalid }]);
      const oldLogin = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password }, headers: from() });
      expect(oldLogin.status).toBe(401);
      const newLogin = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: 'Brand-New-Pass-7' }, headers: from() });
      expect(newLogin.status).toBe(200);
      // And the owner is told.
      const [notice] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === 'Your Altwise password was changed');
      expect(notice!.text).toContain(`${PUBLIC_URL}/login`);
    });

    it('of two submissions of one link at once, exactly one sets the password', async () => {
      const { credentials } = await registerUser(server);
      await forgot(credentials.email);
      const token = await linkFor(credentials.email);
      const answers = await Promise.all([reset(token, 'Racing-Pass-1'), reset(token, 'Racing-Pass-2')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    });

    it('refuses a link past its 30 minutes', async () => {
      const { credentials } = await registerUser(server);
      await forgot(credentials.email);
      const token = await linkFor(credentials.email);
      skewMs = 30 * 60 * 1000 + 1_000;
      try {
        const late = await reset(token, 'Too-Late-Pass-1');
        expect(late.status).toBe(400);
        expect(late.body.error.details[0].field).toBe('token');
      } finally {
        skewMs = 0;
      }
      const login = await server.request('POST', '/api/auth/login', { body: credentials, headers: from() });
      expect(login.status).toBe(200);
    });

    it('ends every session: refresh tokens revoked and access tokens refused', async () => {
      const { credentials, token: accessToken, refreshToken } = await registerUser(server);
      const second = await server.request('POST', '/api/auth/login', { body: credentials, headers: from() });
      await forgot(credentials.email);
      const token = await linkFor(credentials.email);
      expect((await reset(token, 'Fresh-Start-Pass-3')).status).toBe(200);
      for (const refresh of [refreshToken, second.body.refreshToken]) {
        expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken: refresh } })).status).toBe(401);
      }
      expect((await server.request('GET', '/api/auth/profile', { token: accessToken })).status).toBe(401);
      expect((await server.request('GET', '/api/auth/profile', { token: second.body.token })).status).toBe(401);
    });

    it('a new password follows the registration rules', async () => {
      const { credentials } = await registerUser(server);
      await forgot(credentials.email);
      const token = await linkFor(credentials.email);
      const weak = await reset(token, 'short');
      expect(weak.status).toBe(400);
      expect(weak.body.error.details).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
      // Refused input does not use the link up.
      expect((await reset(token, 'Long-Enough-1')).status).toBe(200);
    });

    it('throttles per address (429) and per account (same answer, no more mail)', async () => {
      const { credentials } = await registerUser(server);
      const headers = from();
      const answers = [];
      for (let i = 0; i < 5; i += 1) answers.push(await forgot(credentials.email, headers));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      // Three mails an hour per account, whoever asks; the fifth request's answer is the same as the first.
      await sink.waitFor(3, (m) => m.to.includes(credentials.email));
      const rows = await server.app.db.selectFrom('password_reset_tokens as t').innerJoin('users as u', 'u.id', 't.user_id').select('t.id').where('u.email', '=', credentials.email).execute();
      expect(rows).toHaveLength(3);
      const flood = [];
      for (let i = 0; i < 6; i += 1) flood.push(await forgot(`someone-${i}@example.com`, headers));
      expect(flood.slice(0, 5).every((answer) => answer.status === 200)).toBe(true);
      expect(flood[5]!.status).toBe(429);
      expect(Number(flood[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('account deletion removes the account\'s reset links and mail', async () => {
      const { credentials, token, user } = await registerUser(server);
      await forgot(credentials.email);
      await linkFor(credentials.email);
      expect((await server.request('DELETE', '/api/v1/user', { token })).status).toBe(200);
      expect(await server.app.db.selectFrom('password_reset_tokens').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
      expect(await server.app.db.selectFrom('mail_outbox').select('id').where('user_id', '=', user.userId).execute()).toEqual([]);
    });
  });

  // Its own mail server: messages held unanswered here must not slow the suite above.
  describe(`password reset timing (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let ip = 0;
    const from = () => ({ 'x-forwarded-for': `203.0.113.${(ip += 1)}` });
    const forgot = (email: string) => server.request('POST', '/api/auth/password/forgot', { body: { email }, headers: from() });
    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL, TRUST_PROXY: '1' }, { mail: { pollMs: 200, retryBaseMs: 50 } });
    });
    afterAll(async () => {
      // The sink first: it drops the held connections, so the server's sender is not left waiting.
      await sink.close();
      await server.close();
    });

    // The timing class itself (medians side by side) is a bench row: bench/password-reset.bench.ts.
    it('answers a known address as it answers an unknown one, without waiting for the mail server', async () => {
      const accounts = await Promise.all(Array.from({ length: 4 }, () => registerUser(server)));
      // The mail server holds every message of these accounts unanswered: a request that waited for
      // delivery would never answer (this test's timeout fails it).
      const known = new Set(accounts.map((account) => account.credentials.email));
      sink.decide((mail) => (mail.to.some((to) => known.has(to)) ? { hold: true } : { accept: true }));
      try {
        for (const [index, account] of accounts.entries()) {
          const answers = [await forgot(account.credentials.email), await forgot(`nobody-${index}-${Date.now()}@example.com`)];
          expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
          expect(answers[0]!.body).toEqual(answers[1]!.body);
        }
        // The known addresses' mails did go out: after the answers, to a server that holds them.
        await sink.held();
      } finally {
        sink.decide(() => ({ accept: true }));
      }
    });
  });
}
