import { timingSafeEqual } from 'node:crypto';
import { hmacHex } from '../../platform/crypto';

/**
 * The second sign-in step's token: who passed the password, until when, with "Remember me" and the
 * session version of that moment, signed with the server's HMAC key. It grants nothing by itself
 * (a code is still needed); a password change or "sign out everywhere" moves the session version
 * on and ends every token issued before.
 */
export interface ChallengeClaims {
  userId: string;
  expiresAt: number;
  rememberMe: boolean;
  sessionVersion: number;
}

const sign = (key: Buffer, payload: string) => hmacHex(key, `two-factor-challenge:${payload}`);

export function issueChallenge(key: Buffer, claims: ChallengeClaims): string {
  const payload = Buffer.from(JSON.stringify([claims.userId, claims.expiresAt, claims.rememberMe ? 1 : 0, claims.sessionVersion])).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The claims of a genuine token that has not expired at `now`, else null. */
export function readChallenge(key: Buffer, token: string, now: number): ChallengeClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [userId, expiresAt, rememberMe, sessionVersion] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, number, number, number];
    if (typeof userId !== 'string' || typeof expiresAt !== 'number' || expiresAt <= now) return null;
    return { userId, expiresAt, rememberMe: rememberMe === 1, sessionVersion: Number(sessionVersion) };
  } catch {
    return null;
  }
}
