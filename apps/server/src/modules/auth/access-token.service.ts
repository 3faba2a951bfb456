import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors';

const ISSUER = 'altwise';
const AUDIENCE = 'altwise-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Short-lived HS256 access tokens. The algorithm is pinned: alg=none and any other alg are refused. */
export function createAccessTokens(key: Buffer, now: () => number) {
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'sub'],
          currentDate: new Date(now()),
        });
        if (!payload.sub) throw AppError.unauthorized('Invalid access token');
        return payload.sub;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw AppError.unauthorized('Access token expired');
        throw AppError.unauthorized('Invalid access token');
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
