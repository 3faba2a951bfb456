import { hash, verify } from '@node-rs/argon2';
import type { AuthResponse, LoginResponse } from '@altwise/shared';
import { HOUR_MS } from '@altwise/shared';
import type { RevocationBus } from './revocation-bus';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { RateLimiter } from '../rate-limits';
import type { UserService } from '../users';
import { toUser } from '../users';
import type { AccessTokens } from './access-token.service';
import type { EmailVerificationService } from './email-verification.service';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token.service';
import type { LoginAlerts, SignInClient } from './login-alerts';
import { refuseCommonPassword } from './common-passwords';
import { createLoginThrottle } from './login-throttle';
import type { RefreshTokenService } from './refresh-token.service';
import type { TwoFactorService } from './two-factor.service';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The binding's default algorithm is argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
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
  revocations: Pick<RevocationBus, 'publish'>;
  /** New accounts per client address per hour (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number;
  twoFactor: Pick<TwoFactorService, 'isEnabled' | 'challenge' | 'completeChallenge'>;
  loginAlerts: Pick<LoginAlerts, 'remember' | 'signedIn'>;
  verifications: Pick<EmailVerificationService, 'sendFirst'>;
}) {
  const { users, accessTokens, refreshTokens } = deps;
  const throttle = createLoginThrottle(deps.rateLimiter);
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

  return {
    async register(
      input: { firstName: string; lastName: string; email: string; password: string; company?: string },
      client: SignInClient,
    ): Promise<AuthResponse> {
      // Each account brings its own free quota, and a 409 tells whether an email is taken: both
      // are worth a flood, so every attempt counts against the address before any work.
      const window = await deps.rateLimiter.hit(`register:${client.ip}`, HOUR_MS);
      if (window.count > deps.registrationsPerHour) {
        throw AppError.tooManyRequests('Too many accounts created from this address. Try again later.', window.retryAfterSeconds);
      }
      await refuseCommonPassword(input.password, 'password');
      const row = await users.create({ ...input, passwordHash: await hashPassword(input.password) });
      await deps.loginAlerts.remember(row.id, client);
      // The address is unproven until this link is followed (docs/security.md "Verified addresses").
      await deps.verifications.sendFirst(row);
      return session(row.id, await refreshTokens.start(row.id, false));
    },

    /** A session, or for an account with two-factor sign-in the token of the second step. */
    async login(input: { email: string; password: string; rememberMe?: boolean }, client: SignInClient): Promise<LoginResponse> {
      // Counted before the (deliberately slow) verification: see login-throttle.ts.
      const attempt = await throttle.admit(input.email, client.ip);
      const row = await users.findByEmail(input.email);
      const valid = row
        ? row.status === 'active' && (await verify(row.password_hash, input.password))
        : await verify(await dummyHash, input.password).then(() => false);
      if (!row || !valid) throw new AppError('invalid_credentials', INVALID_CREDENTIALS, 401);
      await attempt.succeeded();
      if (await deps.twoFactor.isEnabled(row.id)) return deps.twoFactor.challenge(row, input.rememberMe === true);
      await deps.loginAlerts.signedIn(row.id, client);
      return session(row.id, await refreshTokens.start(row.id, input.rememberMe === true));
    },

    /** The second step: the challenge's token and a code (or recovery code) start the session. */
    async completeTwoFactor(input: { challengeToken: string; code: string }, client: SignInClient): Promise<{ session: AuthResponse; rememberMe: boolean }> {
      const { userId, rememberMe } = await deps.twoFactor.completeChallenge(input.challengeToken, input.code, client.ip);
      await deps.loginAlerts.signedIn(userId, client);
      return { session: await session(userId, await refreshTokens.start(userId, rememberMe)), rememberMe };
    },

    async refresh(refreshToken: string): Promise<AuthResponse> {
      const rotated = await refreshTokens.rotate(refreshToken);
      return session(rotated.userId, rotated.token);
    },

    logout: (refreshToken: string) => refreshTokens.revoke(refreshToken),
    /** A new session for an account whose sessions just ended under it (a password change). */
    startSession: async (userId: string): Promise<AuthResponse> => session(userId, await refreshTokens.start(userId, false)),
    /** Every refresh token revoked, and every access token refused on every instance within a second. */
    async logoutEverywhere(userId: string): Promise<void> {
      await refreshTokens.revokeAll(userId);
      await users.endSessions(userId);
      await deps.revocations.publish({ kind: 'user', id: userId });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
