import { randomBytes, randomUUID } from 'node:crypto';
import { EMAIL_CHANGE_MESSAGES, HOUR_MS } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limits';
import type { UserService } from '../users';
import { emailVerificationMail, VERIFY_LINK_HOURS } from './email-verification-mails';
import type { EmailVerificationRepository } from './email-verification.repository';

/** Links one account may ask for per hour (registration's own link not counted). */
export const VERIFICATION_RESENDS_PER_HOUR = 3;

/**
 * Proving the account's address (docs/security.md "Verified addresses"): anyone can register with
 * any address, so until the link mailed to it is followed the mail outbox sends it nothing but this
 * link and password resets. A link proves the address it was mailed to, once, within its lifetime.
 */
export function createEmailVerificationService(deps: {
  ctx: AppContext;
  users: Pick<UserService, 'get' | 'markEmailVerified'>;
  rateLimiter: RateLimiter;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  links: EmailVerificationRepository;
}) {
  const { ctx, users, mail, links } = deps;
  const hash = (token: string) => hmacHex(ctx.keys.lookup, `email-verification:${token}`);
  const invalidLink = () => AppError.validationFailed([{ field: 'token', message: EMAIL_CHANGE_MESSAGES.linkInvalid }]);

  async function send(user: { id: string; email: string; first_name: string }): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      await links.retireAllForUser(user.id, now, trx);
      await links.insert(
        { id: randomUUID(), user_id: user.id, email: user.email, token_hash: hash(token), created_at: now, expires_at: now + VERIFY_LINK_HOURS * HOUR_MS, used_at: null },
        trx,
      );
      await mail.enqueue(
        {
          userId: user.id,
          kind: 'email-verification',
          to: user.email,
          content: emailVerificationMail({ firstName: user.first_name, link: `${ctx.config.linkBaseUrl}/verify-email?token=${token}` }),
        },
        trx,
      );
    });
    mail.wake();
  }

  return {
    /** Registration: the first link. */
    sendFirst: send,

    /**
     * The profile's "resend": a new link (the older ones stop working) unless the address is proven
     * already, in which case nothing is sent; the answer is the same either way. At most
     * VERIFICATION_RESENDS_PER_HOUR per account, counted before anything else.
     */
    async resend(userId: string): Promise<void> {
      const window = await deps.rateLimiter.hit(`email-verification-resend:${userId}`, HOUR_MS);
      if (window.count > VERIFICATION_RESENDS_PER_HOUR) {
        throw AppError.tooManyRequests('Too many confirmation links asked for. Try again later.', window.retryAfterSeconds);
      }
      const user = await users.get(userId);
      if (user.email_verified_at !== null) return;
      await send(user);
    },

    /** The mailed link: the address it was sent to is proven, if the account still uses it. */
    async verify(token: string): Promise<void> {
      const row = await links.findByHash(hash(token));
      if (!row) throw invalidLink();
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await links.consume(row.id, ctx.now(), trx))) throw invalidLink();
        // The account moved to another address since: this link proves nothing about that one.
        if (!(await users.markEmailVerified(row.user_id, row.email, trx))) throw invalidLink();
      });
    },

    deleteForUser: (userId: string, trx?: Executor) => links.deleteForUser(userId, trx),
    deleteExpired: links.deleteExpired,
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
