import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors';
import { createLruCache } from '../../platform/lru-cache';

const ISSUER = 'altwise';
const AUDIENCE = 'altwise-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * Short-lived HS256 access tokens. The algorithm is pinned: alg=none and any other alg are refused.
 * Tokens are stateless, so verifying the same token string again gives the same answer until it
 * expires: verified tokens are remembered (bounded) and only their expiry is re-checked, which
 * spares the dashboard's every call a WebCrypto HMAC on the thread pool.
 */
/**
 * The account's session version (users.session_version), or null when the account is gone. A
 * logout-all or an account deletion bumps or removes it, which ends every access token issued
 * before, on every instance: versions are cached for at most SESSION_CACHE_TTL_MS and forgotten at
 * once when the revocation bus says so.
 */
export type SessionVersionOf = (userId: string) => Promise<number | null>;
const SESSION_CACHE_TTL_MS = 1_000;

export function createAccessTokens(key: Buffer, now: () => number, sessionVersionOf: SessionVersionOf = async () => 0) {
  const verified = createLruCache<string, { sub: string; exp: number; sv: number }>({
    maxEntries: 10_000,
    ttlMs: ACCESS_TOKEN_TTL_SECONDS * 1000,
    now,
  });
  // Real time, not the injectable clock: the cache bounds staleness, whatever a test's clock says.
  const versions = createLruCache<string, { version: number | null }>({ maxEntries: 10_000, ttlMs: SESSION_CACHE_TTL_MS, now: Date.now });

  async function currentVersion(userId: string): Promise<number | null> {
    const cached = versions.get(userId);
    if (cached) return cached.version;
    const version = await sessionVersionOf(userId);
    versions.set(userId, { version });
    return version;
  }

  /** Refuses a token of an ended session (logout-all) or a deleted account. */
  async function assertSessionCurrent(userId: string, tokenVersion: number): Promise<string> {
    const version = await currentVersion(userId);
    if (version === null || tokenVersion < version) throw AppError.unauthorized('Session ended; sign in again');
    return userId;
  }

  return {
    /** Forget a cached session version (the revocation bus, on every instance). */
    forgetSession(userId: string): void {
      versions.delete(userId);
    },

    async sign(userId: string): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      const sv = (await currentVersion(userId)) ?? 0;
      return new SignJWT({ sv })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    /** Returns the user id, or throws a 401 AppError. */
    async verify(token: string): Promise<string> {
      const known = verified.get(token);
      // jose's own rule: expired once exp <= now (in whole seconds). Past that, verify again to
      // answer with its exact error.
      if (known && known.exp > Math.floor(now() / 1000)) return assertSessionCurrent(known.sub, known.sv);
      let sub: string;
      let sv: number;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        if (!payload.sub) throw AppError.unauthorized('Invalid access token');
        sv = typeof payload.sv === 'number' ? payload.sv : 0;
        // Our tokens carry no nbf; one that does is simply not remembered.
        if (payload.exp !== undefined && payload.nbf === undefined) verified.set(token, { sub: payload.sub, exp: payload.exp, sv });
        sub = payload.sub;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw AppError.unauthorized('Access token expired');
        throw AppError.unauthorized('Invalid access token');
      }
      return assertSessionCurrent(sub, sv);
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
