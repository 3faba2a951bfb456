import type { Executor } from '../../db/executor';
import { randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { RefreshTokenRepository } from './refresh-token.repository';
import type { RefreshTokenRow } from './refresh-token.repository';

export const REMEMBER_ME_SESSION_MS = 30 * DAY_MS;
export const DEFAULT_SESSION_MS = DAY_MS;
/**
 * How long after a rotation the rotated-away token is answered 409 instead of ending its family.
 *
 * Why: two tabs (or two requests of one tab's retries) refreshing at the same moment both send the
 * same cookie; the loser arrives a few milliseconds after the winner rotated it. Treating that as
 * theft signs an innocent user out. The SPA serialises its refreshes across tabs (Web Locks), so
 * this is the second line, for browsers and clients that cannot.
 *
 * The trade-off: inside this window a replay of the just-rotated token is not detected as theft.
 * It gains the replayer nothing (a 409 carries no token and rotates nothing), and the same token
 * presented after the window still revokes the whole family, so detection is delayed by seconds,
 * never lost. A token revoked by logout (not rotated) gets no grace.
 */
export const ROTATION_GRACE_MS = 5_000;

export interface IssuedRefreshToken {
  token: string;
  userId: string;
}

/**
 * Opaque 256-bit refresh tokens, stored only as an HMAC. Each refresh rotates the token; presenting
 * a token that was already rotated means it was stolen or replayed, so its whole family is revoked
 * (after a few seconds' grace for concurrent refreshes: ROTATION_GRACE_MS).
 * A token lives for the idle limit (the user's session timeout) and never past the session's end.
 */
export function createRefreshTokenService(
  ctx: AppContext,
  tokens: RefreshTokenRepository,
  idleLimitMs: (userId: string) => Promise<number>,
) {
  const hash = (token: string) => hmacHex(ctx.keys.lookup, `refresh:${token}`);

  /** A new token and the row that stores it (by its hash only). */
  async function mint(input: {
    userId: string;
    familyId: string;
    sessionExpiresAt: number;
    rememberMe: boolean;
  }): Promise<{ token: string; row: RefreshTokenRow }> {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now();
    const idle = await idleLimitMs(input.userId);
    const row: RefreshTokenRow = {
      id: randomUUID(),
      user_id: input.userId,
      family_id: input.familyId,
      token_hash: hash(token),
      expires_at: Math.min(input.sessionExpiresAt, now + idle),
      session_expires_at: input.sessionExpiresAt,
      remember_me: input.rememberMe ? 1 : 0,
      created_at: now,
      revoked_at: null,
      replaced_by: null,
    };
    return { token, row };
  }

  /**
   * A token that is no longer live was presented: a 409 (nothing revoked) when a rotation replaced
   * it moments ago, else reuse detection: the whole family is revoked and the answer is a 401.
   */
  async function refuseUsed(row: RefreshTokenRow, now: number): Promise<AppError> {
    const rotatedAt = row.replaced_by !== null ? row.revoked_at : null;
    if (rotatedAt !== null && now - rotatedAt < ROTATION_GRACE_MS) {
      return AppError.conflict('This refresh token was just rotated by a concurrent refresh; retry with the current one');
    }
    await tokens.revokeFamily(row.family_id, now);
    return AppError.unauthorized('Invalid or expired refresh token');
  }

  return {
    async start(userId: string, rememberMe: boolean): Promise<string> {
      const sessionMs = rememberMe ? REMEMBER_ME_SESSION_MS : DEFAULT_SESSION_MS;
      const { token, row } = await mint({ userId, familyId: randomUUID(), sessionExpiresAt: ctx.now() + sessionMs, rememberMe });
      await tokens.insert(row);
      return token;
    },

    async rotate(token: string): Promise<IssuedRefreshToken> {
      const invalid = AppError.unauthorized('Invalid or expired refresh token');
      const row = await tokens.findByHash(hash(token));
      if (!row) throw invalid;
      const now = ctx.now();
      if (row.revoked_at !== null) throw await refuseUsed(row, now);
      if (row.expires_at <= now) throw invalid;
      // A shorter session timeout chosen after this token was issued applies to it too.
      if (row.created_at + (await idleLimitMs(row.user_id)) <= now) throw invalid;
      const next = await mint({
        userId: row.user_id,
        familyId: row.family_id,
        sessionExpiresAt: row.session_expires_at,
        rememberMe: row.remember_me === 1,
      });
      // Two requests racing with the same token: only one may rotate it; the other is a reuse.
      if (!(await tokens.rotate(row.id, next.row))) {
        // Lost the race: read what the winner did (a rotation, or a logout) and answer as for a used token.
        const current = await tokens.findByHash(row.token_hash);
        throw await refuseUsed(current ?? row, now);
      }
      return { token: next.token, userId: row.user_id };
    },

    async revoke(token: string): Promise<void> {
      const row = await tokens.findByHash(hash(token));
      if (row) await tokens.revoke(row.id, ctx.now());
    },

    /** On the caller's transaction when given (a password reset with its token). */
    async revokeAll(userId: string, trx?: Executor): Promise<void> {
      await tokens.revokeAllForUser(userId, ctx.now(), trx);
    },

    deleteForUser: (userId: string, trx?: Executor) => tokens.deleteForUser(userId, trx),
  };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
