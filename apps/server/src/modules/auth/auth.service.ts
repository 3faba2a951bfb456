import { hash, verify } from '@node-rs/argon2';
import type { AuthResponse } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limiter';
import type { UserService } from '../users/user.service';
import { toUser } from '../users/user.service';
import type { AccessTokens } from './access-token.service';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.service';
import type { RefreshTokenService } from './refresh-token.service';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The binding's default algorithm is argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILED_LOGINS = 10;
const INVALID_CREDENTIALS = 'Invalid email or password';

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function createAuthService(deps: {
  ctx: AppContext;
  users: UserService;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenService;
  rateLimiter: RateLimiter;
}) {
  const { users, accessTokens, refreshTokens, rateLimiter } = deps;
  // Verified against when the email is unknown, so both failures take the same time.
  const dummyHash = hashPassword('not-a-real-password-but-a-timing-guard');

  async function session(userId: string, refreshToken: string): Promise<AuthResponse> {
    const [row, accessToken] = await Promise.all([users.get(userId), accessTokens.sign(userId)]);
    return {
      user: toUser(row),
      token: accessToken,
      refreshToken,
      tokens: { accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    };
  }

  async function assertNotThrottled(keys: string[]) {
    for (const key of keys) {
      const { count, retryAfterSeconds } = await rateLimiter.peek(key, LOGIN_WINDOW_MS);
      if (count >= MAX_FAILED_LOGINS) {
        throw AppError.tooManyRequests('Too many failed sign-in attempts. Try again later.', retryAfterSeconds);
      }
    }
  }

  return {
    async register(input: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
      company?: string;
    }): Promise<AuthResponse> {
      const row = await users.create({ ...input, passwordHash: await hashPassword(input.password) });
      return session(row.id, await refreshTokens.start(row.id, false));
    },

    async login(input: { email: string; password: string; rememberMe?: boolean }, ip: string) {
      const throttleKeys = [`login:account:${input.email}`, `login:ip:${ip}`];
      await assertNotThrottled(throttleKeys);
      const row = await users.findByEmail(input.email);
      const valid = row
        ? row.status === 'active' && (await verify(row.password_hash, input.password))
        : await verify(await dummyHash, input.password).then(() => false);
      if (!row || !valid) {
        await Promise.all(throttleKeys.map((key) => rateLimiter.hit(key, LOGIN_WINDOW_MS)));
        throw new AppError('invalid_credentials', INVALID_CREDENTIALS, 401);
      }
      await rateLimiter.reset(throttleKeys[0]!);
      return session(row.id, await refreshTokens.start(row.id, input.rememberMe === true));
    },

    async refresh(refreshToken: string): Promise<AuthResponse> {
      const rotated = await refreshTokens.rotate(refreshToken);
      return session(rotated.userId, rotated.token);
    },

    logout: (refreshToken: string) => refreshTokens.revoke(refreshToken),
    logoutEverywhere: (userId: string) => refreshTokens.revokeAll(userId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
