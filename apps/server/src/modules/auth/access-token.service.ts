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
export function createAccessTokens(key: Buffer, now: () => number) {
  const verified = createLruCache<string, { sub: string; exp: number }>({
    maxEntries: 10_000,
    ttlMs: ACCESS_TOKEN_TTL_SECONDS * 1000,
    now,
  });
  return {
    async sign(userId: string): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({})
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
      if (known && known.exp > Math.floor(now() / 1000)) return known.sub;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        if (!payload.sub) throw AppError.unauthorized('Invalid access token');
        // Our tokens carry no nbf; one that does is simply not remembered.
        if (payload.exp !== undefined && payload.nbf === undefined) verified.set(token, { sub: payload.sub, exp: payload.exp });
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw AppError.unauthorized('Access token expired');
        throw AppError.unauthorized('Invalid access token');
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
