import { hkdfSync, randomInt, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_CHALLENGE_SECONDS, TWO_FACTOR_MESSAGES } from '@altwise/shared';
import type { TwoFactorChallenge, TwoFactorSetup } from '@altwise/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { decrypt, encrypt, hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../rate-limits';
import type { MailService } from '../mail';
import type { UserService } from '../users';
import { createLoginThrottle } from './login-throttle';
import { issueChallenge, readChallenge } from './two-factor-challenge';
import { twoFactorChangedMail } from './two-factor-mails';
import type { TwoFactorRepository } from './two-factor.repository';
import type { TwoFactorRow } from './two-factor.repository';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

// No 0/o, 1/l/i: a recovery code is read off paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Two-factor sign-in (TOTP, RFC 6238; docs/security.md "Two-factor sign-in"). Enrolment stores a sealed
 * secret that counts only once a first code confirmed it; then sign-in asks for a code after the
 * password. Every code attempt is counted before it is checked, with the sign-in throttle's policy
 * under its own keys, and a code's time step is stored so it never works twice.
 */
export function createTwoFactorService(deps: {
  ctx: AppContext;
  users: Pick<UserService, 'get' | 'sessionVersion'>;
  rateLimiter: RateLimiter;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  repo: TwoFactorRepository;
}) {
  const { ctx, users, mail, repo } = deps;
  const throttle = createLoginThrottle(deps.rateLimiter);
  // Its own key, derived from the encryption key, so no key serves two purposes.
  const key = Buffer.from(hkdfSync('sha256', ctx.keys.encryption, 'altwise', 'two-factor-secret', 32));
  const recoveryHash = (userId: string, code: string) =>
    hmacHex(ctx.keys.lookup, `two-factor-recovery:${userId}:${code.toLowerCase().replace(/[\s-]/g, '')}`);
  const invalidCode = (message: string = TWO_FACTOR_MESSAGES.codeInvalid) => AppError.validationFailed([{ field: 'code', message }]);

  /** True when `code` is a fresh TOTP code of the row's secret (its step is then spent). */
  async function acceptTotp(row: TwoFactorRow, code: string): Promise<boolean> {
    const step = matchTotpStep(code.replace(/\s/g, ''), decrypt(key, row.secret_sealed), ctx.now());
    return step !== null && (await repo.useStep(row.user_id, step));
  }

  /** A TOTP code or an unused recovery code of an enabled account, counted before it is checked. */
  async function verify(userId: string, code: string, ip: string): Promise<void> {
    const attempt = await throttle.admit(`two-factor:${userId}`, ip);
    const row = await repo.find(userId);
    if (!row || row.enabled_at === null) throw AppError.conflict(TWO_FACTOR_MESSAGES.notEnabled);
    const accepted = /^\d{6}$/.test(code.replace(/\s/g, ''))
      ? await acceptTotp(row, code)
      : await repo.useRecoveryCode(userId, recoveryHash(userId, code), ctx.now());
    if (!accepted) throw invalidCode();
    await attempt.succeeded();
  }

  /** The change and its mail, in one transaction. */
  async function changeWithMail(userId: string, enabled: boolean, change: (trx: Transaction<Database>) => Promise<void>) {
    const user = await users.get(userId);
    await ctx.db.transaction().execute(async (trx) => {
      await change(trx);
      await mail.enqueue(
        {
          userId,
          kind: enabled ? 'two-factor-enabled' : 'two-factor-disabled',
          to: user.email,
          content: twoFactorChangedMail({ firstName: user.first_name, enabled, settingsUrl: `${ctx.config.linkBaseUrl}/app/settings` }),
        },
        trx,
      );
    });
    mail.wake();
  }

  return {
    async isEnabled(userId: string): Promise<boolean> {
      const row = await repo.find(userId);
      return Boolean(row && row.enabled_at !== null);
    },

    /** A new secret waiting for its first code (any earlier unconfirmed one is replaced). */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await users.get(userId);
      const secret = newTotpSecret();
      if (!(await repo.startEnrolment(userId, encrypt(key, secret), ctx.now()))) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      return { secret, otpauthUrl: totpUri(user.email, secret) };
    },

    /** The first code confirms the enrolment; the answer holds the recovery codes, shown once. */
    async enable(userId: string, code: string, ip: string): Promise<string[]> {
      const attempt = await throttle.admit(`two-factor:${userId}`, ip);
      const row = await repo.find(userId);
      if (row?.enabled_at) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
      if (!row) throw AppError.conflict(TWO_FACTOR_MESSAGES.noEnrolment);
      if (!(await acceptTotp(row, code))) throw invalidCode(TWO_FACTOR_MESSAGES.enrolmentCodeInvalid);
      await attempt.succeeded();
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await changeWithMail(userId, true, async (trx) => {
        if (!(await repo.enable(userId, ctx.now(), trx))) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
        await repo.insertRecoveryCodes(codes.map((recovery) => ({ id: randomUUID(), user_id: userId, code_hash: recoveryHash(userId, recovery) })), trx);
      });
      return codes;
    },

    /** Turning it off takes a code too: a stolen session alone cannot. */
    async disable(userId: string, code: string, ip: string): Promise<void> {
      await verify(userId, code, ip);
      await changeWithMail(userId, false, (trx) => repo.deleteForUser(userId, trx));
    },

    /** After the password: the token for the second step. */
    challenge(user: { id: string; session_version: number }, rememberMe: boolean): TwoFactorChallenge {
      const expiresAt = ctx.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000;
      const challengeToken = issueChallenge(ctx.keys.lookup, { userId: user.id, expiresAt, rememberMe, sessionVersion: Number(user.session_version) });
      return { twoFactorRequired: true, challengeToken, expiresIn: TWO_FACTOR_CHALLENGE_SECONDS };
    },

    /** The second step: a live token and a good code name the account and its "Remember me". */
    async completeChallenge(token: string, code: string, ip: string): Promise<{ userId: string; rememberMe: boolean }> {
      const claims = readChallenge(ctx.keys.lookup, token, ctx.now());
      const expired = () => AppError.unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);
      if (!claims) throw expired();
      if ((await users.sessionVersion(claims.userId)) !== claims.sessionVersion) throw expired();
      await verify(claims.userId, code, ip);
      return { userId: claims.userId, rememberMe: claims.rememberMe };
    },

    /** A code of an enabled account, for another sensitive change (the email address). */
    verifyCode: verify,
    recoveryCodesLeft: (userId: string) => repo.countUnusedRecoveryCodes(userId),
    deleteForUser: repo.deleteForUser,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
