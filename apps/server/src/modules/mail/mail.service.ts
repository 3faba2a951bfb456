import { hkdfSync, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { decrypt, encrypt } from '../../platform/crypto';
import { createSweepLoop } from '../../platform/sweep-loop';
import type { ComposedMail } from './mail-layout';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox.repository';
import type { MailTransport } from './mail-transport';
import { MailRejectedError } from './mail-transport';
import { backoffMs } from '../../platform/backoff';

/** How long a claimed row is this instance's: far beyond one SMTP conversation (see SMTP_TIMEOUTS). */
export const MAIL_LEASE_MS = 120_000;
/** A message that could not be sent is retried, backing off, for this long after it was queued. */
export const MAIL_DELIVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const BATCH = 20;

/**
 * The only mail that goes to an address its account has not proven (issue 31 row 4): the link that
 * proves it, a password reset (whose link proves it as well), and an email change's link to the new
 * address (which proves that one). Anyone can register with someone else's address; until it is
 * verified, nothing else is sent to it.
 */
export const MAIL_KINDS_BEFORE_VERIFICATION: ReadonlySet<string> = new Set(['email-verification', 'password-reset', 'email-change-confirm']);
/** `last_error` of a message kept back for an unverified address (status `skipped`). */
export const SKIPPED_UNVERIFIED = 'not sent: the account has not verified this address';

export interface QueuedMail {
  /** The account it is about; its rows go with the account. */
  userId: string | null;
  /** password-reset, password-changed, …: for the operator reading the table. */
  kind: string;
  to: string;
  content: ComposedMail;
}

/**
 * The outbox. `enqueue` writes a message on its cause's transaction, so the mail exists exactly when
 * its cause does. The sender (started and stopped with the app) claims due rows with a lease,
 * hands each to the transport and marks it sent, guarded by its claim.
 *
 * What this guarantees: every queued message is handed to the mail server until the server accepts
 * it (retried with backoff for MAIL_DELIVERY_WINDOW_MS; a 5xx refusal ends it at once). A crash at
 * any point before the server's acceptance sends the message once after recovery. It is
 * at-least-once, not exactly-once: a crash in the moment between the server's "250 OK" and the
 * commit of "sent" sends it again on recovery. No protocol can close that window; both copies carry
 * the same Message-ID so a mail server or client can tell them apart.
 */
export function createMailService(deps: {
  ctx: Pick<AppContext, 'db' | 'now' | 'keys' | 'config'>;
  outbox: MailOutboxRepository;
  transport: MailTransport;
  instance: { id: string; aliveSince(): number };
  logger: FastifyBaseLogger;
  /** Whether the account proved its address (null: no such account); read on the cause's transaction. */
  addressVerified: (userId: string, executor: Executor) => Promise<boolean | null>;
  /** The first retry's delay, doubled each attempt up to an hour (tests shorten it). */
  retryBaseMs?: number;
  /** How often the outbox is looked at besides the wake-ups of this process's own messages. */
  pollMs?: number;
}) {
  const { ctx, outbox, transport, logger } = deps;
  const retryBaseMs = deps.retryBaseMs ?? 30_000;
  // Its own key, derived from the API-key encryption key, so no key serves two purposes.
  const key = Buffer.from(hkdfSync('sha256', ctx.keys.encryption, 'altwise', 'mail-outbox', 32));
  const messageIdDomain = /@([^\s<>@]+)>?\s*$/.exec(ctx.config.mail.from)?.[1] ?? 'altwise.localhost';

  async function attempt(row: ClaimedMail): Promise<void> {
    let body: { text: string; html: string };
    try {
      body = JSON.parse(decrypt(key, row.body_sealed)) as { text: string; html: string };
    } catch {
      await outbox.markFailed(row.id, row.attempts, ctx.now(), 'The message cannot be read (APP_SECRET changed?)');
      return;
    }
    try {
      await transport.send({ messageId: `<${row.id}@${messageIdDomain}>`, to: row.to_address, subject: row.subject, ...body });
    } catch (error) {
      const now = ctx.now();
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const next = now + backoffMs(row.attempts, { firstMs: retryBaseMs, maxMs: MAX_BACKOFF_MS });
      if (error instanceof MailRejectedError || next > Number(row.created_at) + MAIL_DELIVERY_WINDOW_MS) {
        logger.warn({ mailId: row.id, kind: row.kind, err: reason }, 'mail given up');
        await outbox.markFailed(row.id, row.attempts, now, reason);
      } else {
        logger.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: reason }, 'mail not sent; retrying later');
        await outbox.scheduleRetry(row.id, row.attempts, next, reason);
      }
      return;
    }
    if (!(await outbox.markSent(row.id, row.attempts, ctx.now()))) {
      logger.warn({ mailId: row.id }, 'mail sent after its claim ran out: another instance may send it again');
    }
    // The mail server is back: what waits for its next try goes now (a success resets the others' backoff).
    if ((await outbox.retryWaitingNow(ctx.now())) > 0) loop.wake();
  }

  async function deliverDue(): Promise<number> {
    const now = ctx.now();
    const due = await outbox.claimDue({ now, instanceId: deps.instance.id, aliveSince: deps.instance.aliveSince(), leaseUntil: now + MAIL_LEASE_MS, limit: BATCH });
    await Promise.all(due.map((row) => attempt(row)));
    return due.length;
  }

  const loop = createSweepLoop({
    everyMs: deps.pollMs ?? 2_000,
    // A full batch means more may be due at once.
    sweepOnce: async () => (await deliverDue()) === BATCH,
    onError: (error) => logger.warn({ err: error }, 'mail outbox sweep failed; retrying'),
  });

  return {
    label: transport.label,

    /**
     * On the cause's transaction when given. Call `wake` once that transaction committed. Every
     * sender comes through here, so this is the one place that keeps mail from an unverified
     * address: such a message is recorded as `skipped` (without its body), never sent, never lost
     * without a trace.
     */
    async enqueue(mail: QueuedMail, executor: Executor = ctx.db): Promise<void> {
      const at = ctx.now();
      if (mail.userId && !MAIL_KINDS_BEFORE_VERIFICATION.has(mail.kind) && (await deps.addressVerified(mail.userId, executor)) === false) {
        logger.info({ userId: mail.userId, kind: mail.kind }, 'mail skipped: address not verified');
        await outbox.insert(
          {
            id: randomUUID(),
            user_id: mail.userId,
            kind: mail.kind,
            to_address: mail.to,
            subject: mail.content.subject,
            body_sealed: '',
            status: 'skipped',
            attempts: 0,
            next_attempt_at: at,
            claimed_by: null,
            claimed_until: null,
            last_error: SKIPPED_UNVERIFIED,
            created_at: at,
            finished_at: at,
          },
          executor,
        );
        return;
      }
      await outbox.insert(
        {
          id: randomUUID(),
          user_id: mail.userId,
          kind: mail.kind,
          to_address: mail.to,
          subject: mail.content.subject,
          body_sealed: encrypt(key, JSON.stringify({ text: mail.content.text, html: mail.content.html })),
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          created_at: at,
          finished_at: null,
        },
        executor,
      );
    },

    /** Sends what is due now instead of at the next poll. */
    wake: loop.wake,

    /** One sweep, awaited (tests). */
    deliverDue,

    start: loop.start,

    /** No new sweep; the one under way (at most one SMTP conversation per message) finishes. */
    async stop(): Promise<void> {
      await loop.stop();
      transport.close();
    },

    deleteForUser: (userId: string, trx?: Executor) => outbox.deleteForUser(userId, trx),
  };
}

export type MailService = ReturnType<typeof createMailService>;
