// A sender killed (kill -9) after it claimed a message and while the mail server had not yet
// answered: after a restart the message is sent, once. See mail.service.ts for what is and is not
// guaranteed (a kill after the server's "250" and before "sent" is committed would send it twice).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import type { ServerProcess } from '../../../test/support/server-process';
import { call, startServerProcess, until } from '../../../test/support/server-process';
import { createPostgresSchema, DATABASES } from '../../../test/support/test-server';

const LINK = /reset-password\?token=([A-Za-z0-9_-]+)/;

for (const database of DATABASES) {
  describe(`mail outbox across a crash (${database})`, () => {
    let sink: SmtpSink;
    let dataDir: string;
    let postgres: { url: string; drop: () => Promise<void> } | null = null;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      sink = await startSmtpSink();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-h9-mail-'));
      if (database === 'postgres') postgres = await createPostgresSchema(process.env.TEST_DATABASE_URL!);
    });
    afterAll(async () => {
      for (const server of servers) server.kill('SIGKILL');
      await Promise.all(servers.map((server) => server.exited));
      await sink.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    async function outboxStatus(to: string): Promise<string | undefined> {
      if (postgres) {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          const { rows } = await client.query("select status from mail_outbox where to_address = $1 and kind = 'password-reset'", [to]);
          return rows[0]?.status;
        } finally {
          await client.end();
        }
      }
      const file = new SQLite(path.join(dataDir, 'altwise.db'), { readonly: true });
      try {
        return (file.prepare("select status from mail_outbox where to_address = ? and kind = 'password-reset'").get(to) as { status: string } | undefined)?.status;
      } finally {
        file.close();
      }
    }

    it('a sender killed between its claim and "sent" loses nothing: the restarted instance sends the message once', async () => {
      const email = `crash-${database}-${Date.now()}@example.com`;
      // The reset mail (registration's verification mail to the same address goes through).
      const isReset = (mail: { to: string[]; subject: string }) => mail.to.includes(email) && mail.subject === 'Reset your Altwise password';
      sink.decide((mail) => (isReset(mail) ? { hold: true } : { accept: true }));
      const env = { SMTP_URL: sink.url, PUBLIC_URL: 'https://alt.example.test', ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
      const first = await startServerProcess(env, { dataDir });
      servers.push(first);
      expect((await call(first.url, 'POST', '/api/auth/register', { body: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Correct-Horse-9' } })).status).toBe(201);
      expect((await call(first.url, 'POST', '/api/auth/password/forgot', { body: { email } })).status).toBe(200);

      // The message reached the mail server, which has not answered: the sender is between claim and "sent".
      const held = await sink.held();
      first.kill('SIGKILL');
      await first.exited;
      sink.decide(() => ({ accept: true }));

      const second = await first.restart();
      servers.push(second);
      // The dead instance's claim is free once its heartbeat is old enough (10 s); then it is sent.
      const [delivered] = await sink.waitFor(1, isReset, 40_000);
      expect(delivered!.messageId).toBe(held.messageId);
      expect(LINK.exec(delivered!.text)![1]).toBe(LINK.exec(held.text)![1]);
      await until('the message marked sent', async () => (await outboxStatus(email)) === 'sent', 20_000);
      // Marked sent: no instance will offer it again. It was accepted exactly once.
      expect(sink.received.filter(isReset)).toHaveLength(1);
      // And the link works.
      const reset = await call(second.url, 'POST', '/api/auth/password/reset', { body: { token: LINK.exec(delivered!.text)![1], password: 'After-The-Crash-1' } });
      expect(reset.status).toBe(200);
    }, 90_000);
  });
}
