import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { hmacHex } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { createRefreshTokenRepository } from './refresh-token.repository';

const DAY_MS = 24 * 3600 * 1000;
export const REMEMBER_ME_SESSION_MS = 30 * DAY_MS;
export const DEFAULT_SESSION_MS = DAY_MS;

export interface IssuedRefreshToken {
  token: string;
  userId: string;
}

/**
 * Opaque 256-bit refresh tokens, stored only as an HMAC. Each refresh rotates the token; presenting
 * a token that was already rotated means it was stolen or replayed, so its whole family is revoked.
 * A token lives for the idle limit (the user's session timeout) and never past the session's end.
 */
export function createRefreshTokenService(
  ctx: AppContext,
  idleLimitMs: (userId: string) => Promise<number>,
) {
  const tokens = createRefreshTokenRepository(ctx.db);
  const hash = (token: string) => hmacHex(ctx.keys.lookup, `refresh:${token}`);

  async function issue(input: {
    userId: string;
    familyId: string;
    sessionExpiresAt: number;
    rememberMe: boolean;
    id?: string;
  }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.now();
    const idle = await idleLimitMs(input.userId);
    await tokens.insert({
      id: input.id ?? randomUUID(),
      user_id: input.userId,
      family_id: input.familyId,
      token_hash: hash(token),
      expires_at: Math.min(input.sessionExpiresAt, now + idle),
      session_expires_at: input.sessionExpiresAt,
      remember_me: input.rememberMe ? 1 : 0,
      created_at: now,
      revoked_at: null,
      replaced_by: null,
    });
    return token;
  }

  return {
    async start(userId: string, rememberMe: boolean): Promise<string> {
      const sessionMs = rememberMe ? REMEMBER_ME_SESSION_MS : DEFAULT_SESSION_MS;
      return issue({ userId, familyId: randomUUID(), sessionExpiresAt: ctx.now() + sessionMs, rememberMe });
    },

    async rotate(token: string): Promise<IssuedRefreshToken> {
      const invalid = AppError.unauthorized('Invalid or expired refresh token');
      const row = await tokens.findByHash(hash(token));
      if (!row) throw invalid;
      const now = ctx.now();
      if (row.revoked_at !== null) {
        await tokens.revokeFamily(row.family_id, now);
        throw invalid;
      }
      if (row.expires_at <= now) throw invalid;
      // A shorter session timeout chosen after this token was issued applies to it too.
      if (row.created_at + (await idleLimitMs(row.user_id)) <= now) throw invalid;
      const nextId = randomUUID();
      // Two requests racing with the same token: only one may rotate it; the other is a reuse.
      if (!(await tokens.rotate(row.id, nextId, now))) {
        await tokens.revokeFamily(row.family_id, now);
        throw invalid;
      }
      const next = await issue({
        id: nextId,
        userId: row.user_id,
        familyId: row.family_id,
        sessionExpiresAt: row.session_expires_at,
        rememberMe: row.remember_me === 1,
      });
      return { token: next, userId: row.user_id };
    },

    async revoke(token: string): Promise<void> {
      const row = await tokens.findByHash(hash(token));
      if (row) await tokens.revoke(row.id, ctx.now());
    },

    async revokeAll(userId: string): Promise<void> {
      await tokens.revokeAllForUser(userId, ctx.now());
    },

    deleteForUser: (userId: string) => tokens.deleteForUser(userId),
  };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
