import { randomBytes, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { EMAIL_CHANGE_MESSAGES, HOUR_MS, PASSWORD_MESSAGES, TWO_FACTOR_MESSAGES } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { MailService } from '../mail';
import type { RateLimiter } from '../rate-limits';
import type { UserService } from '../users';
import { CONFIRM_LINK_HOURS, emailChangeConfirmMail, emailChangeNoticeMail, UNDO_LINK_DAYS } from './email-change-mails';
import type { EmailChangeRepository } from './email-change.repository';
import { createLoginThrottle } from './login-throttle';
import type { PasswordResetRepository } from './password-reset.repository';
import type { RefreshTokenService } from './refresh-token.service';
import type { RevocationBus } from './revocation-bus';
import type { TwoFactorService } from './two-factor.service';

/**
 * Changing the sign-in address (docs/security.md "Changing the email address"). A bearer token
 * alone is not enough: the current password (and a two-factor code when it is on) asks for it, the
 * link mailed to the new address makes it, and the old address is told at once with a link that
 * cancels it or, once made, restores the old address. Making it or undoing it ends every session.
 */
export function createEmailChangeService(deps: {
  ctx: AppContext;
  users: Pick<UserService, 'get' | 'assertEmailFree' | 'setEmail'>;
  refreshTokens: Pick<RefreshTokenService, 'revokeAll'>;
  revocations: Pick<RevocationBus, 'publish'>;
  resetLinks: Pick<PasswordResetRepository, 'retireAllForUser'>;
  twoFactor: Pick<TwoFactorService, 'isEnabled' | 'verifyCode'>;
  rateLimiter: RateLimiter;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  changes: EmailChangeRepository;
}) {
  const { ctx, users, mail, changes } = deps;
  const throttle = createLoginThrottle(deps.rateLimiter);
  const hash = (purpose: 'confirm' | 'undo', token: string) => hmacHex(ctx.keys.lookup, `email-change-${purpose}:${token}`);
  const invalidLink = () => AppError.validationFailed([{ field: 'token', message: EMAIL_CHANGE_MESSAGES.linkInvalid }]);
  const newToken = () => randomBytes(32).toString('base64url');

  /** Every session ends: refresh tokens revoked (here), access tokens by the session version setEmail moved on. */
  async function endSessions(userId: string, trx: Executor): Promise<void> {
    await deps.refreshTokens.revokeAll(userId, trx);
    // A reset link mailed to the address that no longer signs in must not outlive the change.
    await deps.resetLinks.retireAllForUser(userId, ctx.now(), trx);
  }

  return {
    /**
     * Checks the caller's proof, then mails the link to `newEmail` and the notice to the current
     * address. Nothing about the account changes yet.
     */
    async request(userId: string, input: { newEmail: string; currentPassword?: string; code?: string }, ip: string): Promise<void> {
      const user = await users.get(userId);
      if (!input.currentPassword) {
        throw AppError.validationFailed([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordRequired }]);
      }
      const attempt = await throttle.admit(user.email, ip);
      if (!(await verify(user.password_hash, input.currentPassword))) {
        throw AppError.validationFailed([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordWrong }]);
      }
      await attempt.succeeded();
      if (await deps.twoFactor.isEnabled(userId)) {
        if (!input.code) throw AppError.validationFailed([{ field: 'code', message: TWO_FACTOR_MESSAGES.codeRequired }]);
        await deps.twoFactor.verifyCode(userId, input.code, ip);
      }
      await users.assertEmailFree(userId, input.newEmail);
      const confirmToken = newToken();
      const undoToken = newToken();
      const now = ctx.now();
      const base = ctx.config.linkBaseUrl;
      await ctx.db.transaction().execute(async (trx) => {
        await changes.cancelPending(userId, now, trx);
        await changes.insert(
          {
            id: randomUUID(),
            user_id: userId,
            old_email: user.email,
            new_email: input.newEmail,
            confirm_hash: hash('confirm', confirmToken),
            confirm_expires_at: now + CONFIRM_LINK_HOURS * HOUR_MS,
            undo_hash: hash('undo', undoToken),
            undo_expires_at: now + UNDO_LINK_DAYS * 24 * HOUR_MS,
            created_at: now,
            confirmed_at: null,
            cancelled_at: null,
            undone_at: null,
          },
          trx,
        );
        await mail.enqueue(
          { userId, kind: 'email-change-confirm', to: input.newEmail, content: emailChangeConfirmMail({ firstName: user.first_name, link: `${base}/confirm-email?token=${confirmToken}` }) },
          trx,
        );
        await mail.enqueue(
          {
            userId,
            kind: 'email-change-notice',
            to: user.email,
            content: emailChangeNoticeMail({ firstName: user.first_name, newEmail: input.newEmail, undoLink: `${base}/undo-email-change?token=${undoToken}` }),
          },
          trx,
        );
      });
      mail.wake();
    },

    /** The new address's link: the address changes and every session ends. */
    async confirm(token: string): Promise<void> {
      const row = await changes.findByConfirmHash(hash('confirm', token));
      if (!row) throw invalidLink();
      await users.assertEmailFree(row.user_id, row.new_email);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await changes.confirm(row.id, ctx.now(), trx))) throw invalidLink();
        await users.setEmail(row.user_id, row.new_email, trx);
        await changes.cancelPending(row.user_id, ctx.now(), trx);
        await endSessions(row.user_id, trx);
      });
      await deps.revocations.publish({ kind: 'user', id: row.user_id });
    },

    /**
     * The old address's link: a waiting change is cancelled, a made one reverted; every session
     * ends either way (whoever asked had the password).
     */
    async undo(token: string): Promise<void> {
      const row = await changes.findByUndoHash(hash('undo', token));
      if (!row) throw invalidLink();
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await changes.undo(row.id, ctx.now(), trx))) throw invalidLink();
        await changes.cancelPending(row.user_id, ctx.now(), trx);
        // Also when nothing was changed yet: setting the address moves the session version on.
        await users.setEmail(row.user_id, row.old_email, trx);
        await endSessions(row.user_id, trx);
      });
      await deps.revocations.publish({ kind: 'user', id: row.user_id });
    },

    deleteForUser: (userId: string, trx?: Executor) => changes.deleteForUser(userId, trx),
    deleteExpired: changes.deleteExpired,
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
