import { DAY_MS } from '@altwise/shared';
import { defineModule } from '../../platform/app-module';
import { createMailOutboxRepository } from './mail-outbox.repository';
import type { MailService } from './mail.service';
import { createMailService } from './mail.service';
import { createLogTransport, createSmtpTransport } from './mail-transport';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    mail: MailService;
  }
}

/** The mail outbox: queued in the cause's transaction, sent (with retries) by whichever instance leases it. */
export const mailModule = defineModule({
  name: 'mail',
  needs: ['instance', 'users'],
  create: ({ ctx, logger, options, retention }, { instance, users }) => {
    const { config } = ctx;
    const outbox = createMailOutboxRepository(ctx.db);
    // Sent, given-up or skipped mail: its content was erased when it ended; the record goes a week later.
    retention.add({ name: 'mail outbox', run: (trx, at) => outbox.deleteFinishedBefore(trx, at.now - 7 * DAY_MS) });
    return createMailService({
      ctx,
      outbox,
      transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : createLogTransport(logger),
      instance,
      logger,
      addressVerified: (userId, executor) => users.users.emailVerified(userId, executor),
      ...options.mail,
    });
  },
  start: (mail) => mail.start(),
  // The message being handed to the mail server is marked sent before the database closes.
  stop: (mail) => mail.stop(),
});
