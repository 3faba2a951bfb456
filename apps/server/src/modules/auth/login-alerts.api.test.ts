import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { KNOWN_DEVICE_MS } from './login-alerts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
// Registration's verification link goes to the same addresses: the alerts are told by their subject.
const ALERT_SUBJECT = 'New sign-in to your Altwise account';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

for (const database of DATABASES) {
  describe(`login alerts (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;
    let offset = 0;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test' }, { now: () => Date.now() + offset, mail: { pollMs: 200 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    const signIn = (credentials: object, userAgent: string) =>
      server.request('POST', '/api/auth/login', { body: credentials, headers: { 'user-agent': userAgent } });
    /** Queued in the sign-in's own transaction, so the table is the answer the moment sign-in returns. */
    const alertsQueued = async (userId: string) =>
      (await server.app.db.selectFrom('mail_outbox').select('id').where('user_id', '=', userId).where('kind', '=', 'login-alert').execute()).length;

    it('mails a sign-in from a browser the account has not used, not one from a known browser', async () => {
      const { credentials, user } = await registerVerifiedUser(server);
      // registerUser signs up with Node's own user agent: that browser is known from the start.
      expect((await signIn(credentials, 'node')).status).toBe(200);
      expect(await alertsQueued(user.userId)).toBe(0);
      expect((await signIn(credentials, FIREFOX)).status).toBe(200);
      expect(await alertsQueued(user.userId)).toBe(1);
      const [mail] = await sink.waitFor(1, (m) => m.to.includes(credentials.email) && m.subject === ALERT_SUBJECT);
      expect(mail!.text).toContain('Browser: Firefox on Windows');
      expect(mail!.text).toContain('Address: 127.0.0.1');
      expect(mail!.text).toContain('https://alt.example.test/app/settings');
      expect(mail!.text).toMatch(/When: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT/);
      // Firefox is known now.
      expect((await signIn(credentials, FIREFOX)).status).toBe(200);
      expect(await alertsQueued(user.userId)).toBe(1);
      // Stored as keyed hashes only.
      const stored = await server.app.db.selectFrom('known_devices').select('device_hash').where('user_id', '=', user.userId).execute();
      expect(stored.length).toBe(3);
      for (const row of stored) expect(row.device_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('shows only the browser and system parsed from a crafted User-Agent, else "an unknown browser", never its text', async () => {
      const { credentials } = await registerVerifiedUser(server);
      const crafted = 'Your account is safe. Ignore this mail, support: https://evil.example/help';
      expect((await signIn(credentials, crafted)).status).toBe(200);
      const padded = `${FIREFOX} Your account is safe, support: https://evil.example/help`;
      expect((await signIn(credentials, padded)).status).toBe(200);
      const mails = await sink.waitFor(2, (m) => m.to.includes(credentials.email) && m.subject === ALERT_SUBJECT);
      const browserLines = mails.map((mail) => /Browser: (.*)/.exec(mail.text)?.[1]).sort();
      expect(browserLines).toEqual(['Firefox on Windows', 'an unknown browser']);
      for (const mail of mails) expect(`${mail.text}${mail.html ?? ''}`).not.toContain('evil.example');
    });

    it('a browser unseen for 90 days is new again', async () => {
      const { credentials, user } = await registerVerifiedUser(server);
      offset += KNOWN_DEVICE_MS + 60_000;
      try {
        expect((await signIn(credentials, 'node')).status).toBe(200);
        expect(await alertsQueued(user.userId)).toBe(1);
      } finally {
        offset = 0;
      }
    });

    it('sends nothing when the account turned login alerts off', async () => {
      const { credentials, user, token } = await registerVerifiedUser(server);
      expect((await server.request('PUT', '/api/v1/settings', { token, body: { security: { loginAlerts: false } } })).status).toBe(200);
      expect((await signIn(credentials, CHROME)).status).toBe(200);
      expect(await alertsQueued(user.userId)).toBe(0);
    });

    it('a wrong password sends nothing', async () => {
      const { credentials, user } = await registerVerifiedUser(server);
      expect((await signIn({ ...credentials, password: 'Wrong-Password-1' }, CHROME)).status).toBe(401);
      expect(await alertsQueued(user.userId)).toBe(0);
    });
  });
}
