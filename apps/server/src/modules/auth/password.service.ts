import { randomBytes, randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { AuthResponse } from '@altwise/shared';
import { HOUR_MS, PASSWORD_MESSAGES } from '@altwise/shared';
import type { Executor } from '../../db/executor';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../rate-limits';
import type { RevocationBus } from './revocation-bus';
import type { MailService } from '../mail';
import type { UserService } from '../users';
import { hashPassword } from './auth.service';
import { refuseCommonPassword } from './common-passwords';
import { createLoginThrottle } from './login-throttle';
import { passwordChangedMail, passwordResetMail, RESET_LINK_MINUTES } from './password-mails';
import type { PasswordResetRepository } from './password-reset.repository';
import type { RefreshTokenService } from './refresh-token.service';

/**
 * Throttles (docs/security.md "Passwords"). Per address, a reset request past the limit is a 429; per
 * account, requests past the limit are answered as usual and send nothing, so the answer never
 * tells whether the address has an account (and nobody can bury an inbox in reset mail).
 */
export const RESET_POLICY = {
  requestsPerAddressPerHour: 10,
  mailsPerAccountPerHour: 3,
  confirmationsPerAddress: 20,
  confirmationWindowMs: 15 * 60 * 1000,
  linkLifetimeMs: RESET_LINK_MINUTES * 60 * 1000,
} as const;

export function createPasswordService(deps: {
  ctx: AppContext;
  users: Pick<UserService, 'findByEmail' | 'get' | 'setPassword' | 'markEmailVerified'>;
  refreshTokens: Pick<RefreshTokenService, 'revokeAll'>;
  revocations: Pick<RevocationBus, 'publish'>;
  rateLimiter: RateLimiter;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  /** A fresh session for the caller who just changed their password (auth.service). */
  startSession(userId: string): Promise<AuthResponse>;
  tokens: PasswordResetRepository;
}) {
  const { ctx, users, mail, tokens } = deps;
  const hash = (token: string) => hmacHex(ctx.keys.lookup, `password-reset:${token}`);
  const throttle = createLoginThrottle(deps.rateLimiter);
  const invalidLink = () => AppError.validationFailed([{ field: 'token', message: PASSWORD_MESSAGES.resetLinkInvalid }]);

  /**
   * The new password, every refresh token revoked and every reset link retired, on `trx`; the
   * access tokens end with the session version the password change moves on.
   */
  async function replacePassword(userId: string, passwordHash: string, trx: Executor): Promise<void> {
    await users.setPassword(userId, passwordHash, trx);
    await deps.refreshTokens.revokeAll(userId, trx);
    await tokens.retireAllForUser(userId, ctx.now(), trx);
  }

  /** After the commit: every instance forgets the old session version, and the mail goes out. */
  async function announce(userId: string): Promise<void> {
    await deps.revocations.publish({ kind: 'user', id: userId });
    mail.wake();
  }

  return {
    /** Always the same answer; a link is mailed only to an active account, within its limit. */
    async requestReset(email: string, ip: string): Promise<void> {
      const perAddress = await deps.rateLimiter.hit(`password-reset:ip:${ip}`, HOUR_MS);
      if (perAddress.count > RESET_POLICY.requestsPerAddressPerHour) {
        throw AppError.tooManyRequests('Too many password reset requests from this address. Try again later.', perAddress.retryAfterSeconds);
      }
      // Counted whether or not the account exists, so both cases behave alike.
      const perAccount = await deps.rateLimiter.hit(`password-reset:account:${email}`, HOUR_MS);
      const user = await users.findByEmail(email);
      if (!user || user.status !== 'active' || perAccount.count > RESET_POLICY.mailsPerAccountPerHour) return;
      const token = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const link = `${ctx.config.linkBaseUrl}/reset-password?token=${token}`;
      await ctx.db.transaction().execute(async (trx) => {
        await tokens.insert({ id: randomUUID(), user_id: user.id, token_hash: hash(token), created_at: now, expires_at: now + RESET_POLICY.linkLifetimeMs, used_at: null }, trx);
        await mail.enqueue({ userId: user.id, kind: 'password-reset', to: user.email, content: passwordResetMail({ firstName: user.first_name, link }) }, trx);
      });
      mail.wake();
    },

    /** A live link sets the password (registration's rules) and ends every session of the account. */
    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      const attempts = await deps.rateLimiter.hit(`password-reset-confirm:ip:${ip}`, RESET_POLICY.confirmationWindowMs);
      if (attempts.count > RESET_POLICY.confirmationsPerAddress) {
        throw AppError.tooManyRequests('Too many attempts from this address. Try again later.', attempts.retryAfterSeconds);
      }
      // Looked up before the (slow) hashing, so a bad link costs no hash.
      const row = await tokens.findLive(hash(token), ctx.now());
      if (!row) throw invalidLink();
      await refuseCommonPassword(password, 'password');
      const user = await users.get(row.user_id);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction().execute(async (trx) => {
        // The single use is decided here: of two submissions of one link, one commits, one is refused.
        if (!(await tokens.consume(row.id, ctx.now(), trx))) throw invalidLink();
        await replacePassword(user.id, passwordHash, trx);
        // The link went to this address (a change of address retires reset links): it is proven.
        await users.markEmailVerified(user.id, user.email, trx);
        await mail.enqueue({ userId: user.id, kind: 'password-changed', to: user.email, content: passwordChangedMail({ firstName: user.first_name, how: 'reset', signInUrl: `${ctx.config.linkBaseUrl}/login` }) }, trx);
      });
      await announce(user.id);
    },

    /**
     * The current password proves it is the owner (throttled like a sign-in); every other session
     * ends, and the caller gets a new one.
     */
    async changePassword(userId: string, input: { currentPassword: string; newPassword: string }, ip: string): Promise<AuthResponse> {
      const user = await users.get(userId);
      const attempt = await throttle.admit(user.email, ip);
      if (!(await verify(user.password_hash, input.currentPassword))) {
        throw AppError.validationFailed([{ field: 'currentPassword', message: PASSWORD_MESSAGES.currentPasswordWrong }]);
      }
      await attempt.succeeded();
      if (input.currentPassword === input.newPassword) {
        throw AppError.validationFailed([{ field: 'newPassword', message: PASSWORD_MESSAGES.newPasswordSameAsCurrent }]);
      }
      await refuseCommonPassword(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await ctx.db.transaction().execute(async (trx) => {
        await replacePassword(user.id, passwordHash, trx);
        await mail.enqueue({ userId: user.id, kind: 'password-changed', to: user.email, content: passwordChangedMail({ firstName: user.first_name, how: 'changed', signInUrl: `${ctx.config.linkBaseUrl}/login` }) }, trx);
      });
      await announce(user.id);
      return deps.startSession(user.id);
    },

    deleteForUser: (userId: string, trx?: Executor) => tokens.deleteForUser(userId, trx),
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
