// A loopback SMTP server for tests: a real SMTP conversation (smtp-server), every message parsed
// (multipart, quoted-printable, base64). A message counts as received only once the server said
// "250": one held (no answer yet) or refused is not the sender's to forget.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** What the sink answers to the next message: accept it, refuse it with a code, or hold it unanswered. */
export type SinkDecision = { accept: true } | { refuse: number; message?: string } | { hold: true };

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  /** Messages the sink answered 250, in order. */
  readonly received: ReadonlyArray<ReceivedMail>;
  /** Every DATA the sink read, accepted or not. */
  readonly attempts: number;
  /** Decides the answer to each message (default: accept all). */
  decide(next: (mail: ReceivedMail, attempt: number) => SinkDecision): void;
  /** Resolves with the first held message, once one is. */
  held(): Promise<ReceivedMail>;
  /** Resolves once `count` messages matching `filter` were received. */
  waitFor(count: number, filter?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    return bytes.toString('utf8');
  }
  return body;
}

function split(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

/** The text/plain and text/html parts of a message, decoded (nested multiparts included). */
function parts(raw: string, found: { text: string; html: string } = { text: '', html: '' }) {
  const { head, body } = split(raw);
  const type = header(head, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const piece of body.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      parts(piece.replace(/^\r?\n/, ''), found);
    }
  } else {
    const decoded = decodeBody(body, header(head, 'Content-Transfer-Encoding')).replace(/\r\n/g, '\n').trimEnd();
    if (/text\/html/i.test(type)) found.html = decoded;
    else if (/text\/plain/i.test(type) || !type) found.text = decoded;
  }
  return found;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  ).replace(/\?=\s+=\?/g, '');
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let attempts = 0;
  let decide: (mail: ReceivedMail, attempt: number) => SinkDecision = () => ({ accept: true });
  const listeners = new Set<() => void>();
  const heldMails: ReceivedMail[] = [];
  const notify = () => listeners.forEach((listener) => listener());

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held message keeps its connection open; closing the sink must not wait for it.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const { head } = split(raw);
        const mail: ReceivedMail = {
          messageId: header(head, 'Message-ID'),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: decodeWords(header(head, 'Subject')),
          ...parts(raw),
          raw,
        };
        const decision = decide(mail, attempts);
        if ('hold' in decision) {
          heldMails.push(mail);
          notify();
          return; // never answered: the client's process dies waiting (see the crash tests)
        }
        if ('refuse' in decision) {
          const error = Object.assign(new Error(decision.message ?? 'Refused by the test sink'), { responseCode: decision.refuse });
          callback(error);
          notify();
          return;
        }
        received.push(mail);
        callback();
        notify();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const until = <T>(probe: () => T | undefined, what: string, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = probe();
        if (value === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what} (received ${received.length}, attempts ${attempts})`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get attempts() {
      return attempts;
    },
    decide(next) {
      decide = next;
    },
    held: () => until(() => heldMails[0], 'a held message', 30_000),
    waitFor(count, filter = () => true, timeoutMs = 30_000) {
      return until(() => {
        const matching = received.filter(filter);
        return matching.length >= count ? matching : undefined;
      }, `${count} message(s)`, timeoutMs);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
