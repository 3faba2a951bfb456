// The mail module's public face: the outbox (queue in a transaction, sent with retries) and the layout.
export { createMailService, MAIL_DELIVERY_WINDOW_MS, MAIL_KINDS_BEFORE_VERIFICATION, MAIL_LEASE_MS, SKIPPED_UNVERIFIED } from './mail.service';
export type { MailService, QueuedMail } from './mail.service';
export { composeMail } from './mail-layout';
export type { ComposedMail, MailContent } from './mail-layout';
export { createLogTransport, createSmtpTransport } from './mail-transport';
export type { MailTransport, OutgoingMail } from './mail-transport';
export { createMailOutboxRepository } from './mail-outbox.repository';
export { mailModule } from './mail.module';
