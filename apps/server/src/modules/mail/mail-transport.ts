import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One message as the outbox hands it to a transport. */
export interface OutgoingMail {
  /** Stable per outbox row: a message sent twice (see mail.service.ts) carries the same Message-ID. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** For the start-up log: "smtp (mail.example.com:587)" or "log". */
  readonly label: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The server refused the message for good (an SMTP 5xx): retrying would only be refused again. */
export class MailRejectedError extends Error {
  override name = 'MailRejectedError';
}

// Each phase of one SMTP conversation; together well inside the outbox's claim lease.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** SMTP_URL through nodemailer: smtp:// upgrades with STARTTLS when offered, smtps:// is TLS throughout. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  // The URL's own query parameters (?requireTLS=true, ?socketTimeout=…) win over these defaults.
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    label: `smtp (${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)})`,
    async send(mail) {
      try {
        await transporter.sendMail({ messageId: mail.messageId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500 && code < 600) throw new MailRejectedError((error as Error).message);
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * Without SMTP_URL: each message is one warning line in the server log, with its links, so that a
 * fresh install still works (an operator can pass a reset link on). Those links are secrets.
 */
export function createLogTransport(logger: FastifyBaseLogger): MailTransport {
  return {
    label: 'log',
    async send(mail) {
      const links = [...new Set(mail.text.match(LINK) ?? [])];
      logger.warn({ mail: { to: mail.to, subject: mail.subject, links } }, `mail not sent (SMTP_URL is unset): to ${mail.to}, "${mail.subject}" ${links.join(' ')}`);
    },
    close: () => undefined,
  };
}
