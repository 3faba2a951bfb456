// Rate-limit alerts with two instances of the app on one database (issue 22: "alerts at 80/100 %
// on two instances sending once"): the account's requests are split across both, at once, and the
// loopback SMTP server receives each alert once. SQLite (one file, two processes' worth of
// connections) always; PostgreSQL when TEST_DATABASE_URL is set.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { TestServer } from '../../../test/support/test-server';
import { DATABASES, registerVerifiedUser, startTestServer } from '../../../test/support/test-server';
import { distinctPng } from '../alt-text/alt-text.test-support';

for (const database of DATABASES) {
  describe(`rate-limit alerts across two instances (${database})`, () => {
    let sink: SmtpSink;
    let host: ImageHost;
    let a: TestServer;
    let b: FastifyInstance;
    let bUrl: string;

    beforeAll(async () => {
      sink = await startSmtpSink();
      host = await startImageHost();
      const env = { IMAGE_FETCH_ALLOW: host.hostPort, SMTP_URL: sink.url };
      a = await startTestServer(database, env, { mail: { pollMs: 50, retryBaseMs: 100 } });
      // The second instance: the same database (SQLite file or PostgreSQL schema), its own process state.
      b = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: a.dataDir,
          LOG_LEVEL: 'silent',
          ALT_PROVIDER: 'offline',
          WEB_DIST_DIR: `${a.dataDir}/no-web`,
          REGISTRATIONS_PER_HOUR: '1000000',
          BILLING_PROVIDER: 'test',
          ...(a.databaseUrl ? { DATABASE_URL: a.databaseUrl } : {}),
          ...env,
        }),
        { mail: { pollMs: 50, retryBaseMs: 100 } },
      );
      await b.listen({ port: 0, host: '127.0.0.1' });
      const address = b.server.address();
      bUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await host?.close();
      await sink?.close();
    });

    it('requests on both instances at once cross 80 % and 100 % of the hour: each alert is mailed once', async () => {
      // A free account: 100 an hour, 500 a day, so only the hour's levels are crossed.
      const { token, user } = await registerVerifiedUser(a);
      const apiKey = (await a.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
      host.set('/alerts.png', { body: await distinctPng(), contentType: 'image/png' });
      const imageUrl = `${host.url}/alerts.png`;
      const generate = (base: string, url: string) =>
        fetch(`${base}/api/v1/images`, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ imageUrl: url }) }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        });
      const statuses = await Promise.all(Array.from({ length: 130 }, (_, index) => generate(index % 2 === 0 ? a.url : bUrl, imageUrl)));
      expect(statuses.filter((status) => status === 200)).toHaveLength(100);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);

      // Both alerts arrive; then, once nothing is left to send, nothing more did.
      // Alerts only (registration's verification link goes to the same address).
      const isAlert = (mail: { to: string[]; subject: string }) => mail.to.includes(user.email) && mail.subject.includes('hourly limit');
      const mails = await sink.waitFor(2, isAlert, 15_000);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const open = await a.app.db.selectFrom('mail_outbox').select('id').where('user_id', '=', user.userId).where('kind', '=', 'rate-limit-alert').where('status', '!=', 'sent').execute();
        if (open.length === 0) break;
        if (Date.now() > deadline) throw new Error('mail still queued');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(mails.map((mail) => mail.subject).sort()).toEqual(['You reached your hourly limit', 'You used 80% of your hourly limit']);
      expect(sink.received.filter(isAlert)).toHaveLength(2);
      const rows = await a.app.db.selectFrom('limit_alerts').select(['window', 'level']).where('user_id', '=', user.userId).orderBy('level').execute();
      expect(rows.map((row) => [row.window, Number(row.level)])).toEqual([
        ['hour', 80],
        ['hour', 100],
      ]);
    });
  });
}
