import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmtpSink } from '@altwise/test-support/smtp-sink';
import { startSmtpSink } from '@altwise/test-support/smtp-sink';
import { loadConfig } from '../../config';
import { createInstanceRegistry } from '../instances';
import { deriveKeys, loadAppSecret } from '../../platform/secrets';
import { until } from '../../../test/support/server-process';
import { DATABASES, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { composeMail } from './mail-layout';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { createLogTransport, createSmtpTransport } from './mail-transport';
import { createMailService } from './mail.service';

const silent = { warn: () => undefined, info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

for (const database of DATABASES) {
  describe(`mail outbox (${database})`, () => {
    let server: TestServer;
    let sink: SmtpSink;

    beforeAll(async () => {
      sink = await startSmtpSink();
      server = await startTestServer(database, { SMTP_URL: sink.url }, { mail: { pollMs: 100, retryBaseMs: 50 } });
    });
    afterAll(async () => {
      await server.close();
      await sink.close();
    });

    /** A sender beside the server's own, on the same outbox and keys: another live instance. */
    async function anotherSender() {
      const config = loadConfig({ DATA_DIR: server.dataDir, SMTP_URL: sink.url });
      const instance = createInstanceRegistry(server.app.db, Date.now);
      await instance.heartbeat();
      return createMailService({
        ctx: { db: server.app.db, now: Date.now, keys: deriveKeys(loadAppSecret(null, server.dataDir)), config },
        outbox: createMailOutboxRepository(server.app.db),
        transport: createSmtpTransport(sink.url, config.mail.from),
        instance,
        logger: silent,
        // Its messages are to no account.
        addressVerified: async () => null,
      });
    }
    const statusOf = async (to: string) =>
      (await server.app.db.selectFrom('mail_outbox').select(['status', 'attempts', 'last_error']).where('to_address', '=', to).executeTakeFirst());

    it('retries a temporary refusal (451) and delivers the message once', async () => {
      const to = `retry-${database}@example.com`;
      let refused = false;
      sink.decide((mail) => {
        if (!mail.to.includes(to) || refused) return { accept: true };
        refused = true;
        return { refuse: 451, message: 'Try again later' };
      });
      await (await anotherSender()).enqueue({ userId: null, kind: 'test', to, content: composeMail({ subject: 'Retry me', greeting: 'Hi', paragraphs: ['Once.'] }) });
      const row = await until('the message to be sent', async () => {
        const current = await statusOf(to);
        return current?.status === 'sent' && current;
      });
      expect(row.attempts).toBe(2);
      expect(sink.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
      sink.decide(() => ({ accept: true }));
    });

    it('gives up at once on a permanent refusal (550), keeping the reason', async () => {
      const to = `refused-${database}@example.com`;
      sink.decide((mail) => (mail.to.includes(to) ? { refuse: 550, message: 'No such mailbox' } : { accept: true }));
      const before = sink.attempts;
      await (await anotherSender()).enqueue({ userId: null, kind: 'test', to, content: composeMail({ subject: 'Nobody', greeting: 'Hi', paragraphs: ['x'] }) });
      const row = await until('the message to be given up', async () => {
        const current = await statusOf(to);
        return current?.status === 'failed' && current;
      });
      expect(row.last_error).toContain('No such mailbox');
      // Failed is final: it was offered once.
      expect(sink.attempts - before).toBe(1);
      sink.decide(() => ({ accept: true }));
    });

    it('after a delivery succeeds, sends the mail waiting for its retry at once (a success resets the backoff)', async () => {
      // Its own server: a retry 10 minutes away, which the waiting mail must not wait for.
      const patient = await startTestServer(database, { SMTP_URL: sink.url }, { mail: { pollMs: 100, retryBaseMs: 600_000 } });
      try {
        const to = (name: string) => `outage-${database}-${name}@example.com`;
        let down = true;
        sink.decide((mail) => (down && mail.to[0]!.startsWith(`outage-${database}-`) ? { refuse: 451, message: 'Try again later' } : { accept: true }));
        // Queued beside the server (which polls every 100 ms and sends them), as its own mail would be.
        const config = loadConfig({ DATA_DIR: patient.dataDir, SMTP_URL: sink.url });
        const queue = createMailService({ ctx: { db: patient.app.db, now: Date.now, keys: deriveKeys(loadAppSecret(null, patient.dataDir)), config }, outbox: createMailOutboxRepository(patient.app.db), transport: createSmtpTransport(sink.url, config.mail.from), instance: createInstanceRegistry(patient.app.db, Date.now), logger: silent, addressVerified: async () => null });
        const enqueue = (name: string) => queue.enqueue({ userId: null, kind: 'test', to: to(name), content: composeMail({ subject: `Outage ${name}`, greeting: 'Hi', paragraphs: ['x'] }) });
        await enqueue('a');
        await enqueue('b');
        const waiting = async () => (await patient.app.db.selectFrom('mail_outbox').select(['to_address', 'status', 'attempts', 'next_attempt_at']).where('to_address', 'in', [to('a'), to('b')]).execute());
        await until('both refused once', async () => (await waiting()).every((row) => row.status === 'pending' && Number(row.attempts) === 1 && Number(row.next_attempt_at) > Date.now() + 60_000) && (await waiting()).length === 2);
        down = false;
        await enqueue('c');
        // Minutes before their backoff ends: they go with the success, not at their slot.
        await until('the waiting mail sent', async () => (await waiting()).every((row) => row.status === 'sent'), 30_000);
        expect(sink.received.filter((mail) => mail.to[0]!.startsWith(`outage-${database}-`)).map((mail) => mail.to[0]).sort()).toEqual([to('a'), to('b'), to('c')]);
      } finally {
        sink.decide(() => ({ accept: true }));
        await patient.close();
      }
    }, 60_000);

    it('several senders sweeping one outbox at once send each message exactly once', async () => {
      const senders = await Promise.all([anotherSender(), anotherSender(), anotherSender()]);
      const to = (i: number) => `race-${database}-${i}@example.com`;
      for (let i = 0; i < 30; i += 1) {
        await senders[0]!.enqueue({ userId: null, kind: 'test', to: to(i), content: composeMail({ subject: `Race ${i}`, greeting: 'Hi', paragraphs: ['x'] }) });
      }
      // The server's own sender joins in too (it polls every 100 ms).
      await Promise.all([...senders, ...senders].map((sender) => sender.deliverDue()));
      await until('every message sent', async () => {
        const rows = await server.app.db.selectFrom('mail_outbox').select('status').where('to_address', 'like', `race-${database}-%`).execute();
        return rows.length === 30 && rows.every((row) => row.status === 'sent');
      });
      const raced = sink.received.filter((mail) => mail.to[0]!.startsWith(`race-${database}-`));
      expect(raced).toHaveLength(30);
      expect(new Set(raced.map((mail) => mail.messageId)).size).toBe(30);
    });
  });
}

describe('mail without SMTP_URL', () => {
  it('writes one warning line per message, with its link, and sends nothing', async () => {
    const lines: Array<{ fields: unknown; message: string }> = [];
    const logger = { warn: (fields: unknown, message: string) => lines.push({ fields, message }) } as unknown as FastifyBaseLogger;
    const transport = createLogTransport(logger);
    const mail = composeMail({ subject: 'Reset your Altwise password', greeting: 'Hello', paragraphs: ['x'], action: { label: 'Choose', url: 'http://localhost:8080/reset-password?token=abc_-1' } });
    await transport.send({ messageId: '<1@x>', to: 'ada@example.com', ...mail });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('mail not sent (SMTP_URL is unset): to ada@example.com, "Reset your Altwise password" http://localhost:8080/reset-password?token=abc_-1');
    expect(transport.label).toBe('log');
  });
});
