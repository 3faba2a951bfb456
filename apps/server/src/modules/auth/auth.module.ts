import { defineModule } from '../../platform/app-module';
import type { AccessTokens } from './access-token.service';
import { createAccessTokens } from './access-token.service';
import { authRoutes } from './auth.routes';
import type { AuthService } from './auth.service';
import { createAuthService } from './auth.service';
import { emailChangeRoutes } from './email-change.routes';
import type { EmailChangeService } from './email-change.service';
import { createEmailChangeRepository } from './email-change.repository';
import { createEmailChangeService } from './email-change.service';
import { emailVerificationRoutes } from './email-verification.routes';
import type { EmailVerificationService } from './email-verification.service';
import { createEmailVerificationRepository } from './email-verification.repository';
import { createEmailVerificationService } from './email-verification.service';
import { createKnownDevicesRepository } from './known-devices.repository';
import type { LoginAlerts } from './login-alerts';
import { createLoginAlerts, KNOWN_DEVICE_MS } from './login-alerts';
import { createPasswordResetRepository } from './password-reset.repository';
import { passwordRoutes } from './password.routes';
import type { PasswordService } from './password.service';
import { createPasswordService } from './password.service';
import { createRefreshTokenRepository } from './refresh-token.repository';
import type { RefreshTokenService } from './refresh-token.service';
import { createRefreshTokenService } from './refresh-token.service';
import { twoFactorRoutes } from './two-factor.routes';
import type { TwoFactorService } from './two-factor.service';
import { createTwoFactorRepository } from './two-factor.repository';
import { createTwoFactorService } from './two-factor.service';

export interface AuthModule {
  auth: AuthService;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenService;
  passwords: PasswordService;
  twoFactor: TwoFactorService;
  loginAlerts: LoginAlerts;
  emailChanges: EmailChangeService;
  verifications: EmailVerificationService;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    auth: AuthModule;
  }
}

/** Sign-up, sign-in, sessions and access tokens, passwords and their reset, two-factor sign-in, login alerts, email changes and verification. */
export const authModule = defineModule({
  name: 'auth',
  needs: ['users', 'rateLimiter', 'mail', 'revocations'],
  create: ({ ctx, retention }, { users: usersModule, rateLimiter, mail, revocations }) => {
    const { users, settings } = usersModule;
    const accessTokens = createAccessTokens(ctx.keys.jwt, ctx.now, (userId) => users.sessionVersion(userId));
    const refreshRows = createRefreshTokenRepository(ctx.db);
    const knownDevices = createKnownDevicesRepository(ctx.db);
    const resetLinks = createPasswordResetRepository(ctx.db);
    const refreshTokens = createRefreshTokenService(ctx, refreshRows, (userId) => settings.sessionIdleLimitMs(userId));
    const twoFactor = createTwoFactorService({ ctx, users, rateLimiter, mail, repo: createTwoFactorRepository(ctx.db) });
    usersModule.answerTwoFactorWith((userId) => twoFactor.isEnabled(userId));
    const loginAlerts = createLoginAlerts({ ctx, users, settings, mail, devices: knownDevices });
    const verifications = createEmailVerificationService({ ctx, users, rateLimiter, mail, links: createEmailVerificationRepository(ctx.db) });
    const auth = createAuthService({
      ctx,
      users,
      accessTokens,
      refreshTokens,
      rateLimiter,
      revocations,
      registrationsPerHour: ctx.config.registrationsPerHour,
      twoFactor,
      loginAlerts,
      verifications,
    });
    const passwords = createPasswordService({ ctx, users, refreshTokens, revocations, rateLimiter, mail, startSession: auth.startSession, tokens: resetLinks });
    const emailChanges = createEmailChangeService({ ctx, users, refreshTokens, revocations, resetLinks, twoFactor, rateLimiter, mail, changes: createEmailChangeRepository(ctx.db) });
    usersModule.requestEmailChangeWith(emailChanges.request);
    // A logout-all or a deleted account: cached session versions and plans are forgotten at once.
    revocations.subscribe((revocation) => {
      if (revocation.kind !== 'user') return;
      accessTokens.forgetSession(revocation.id);
      users.forgetPlan(revocation.id);
    });

    retention.add({ name: 'refresh tokens', run: (trx, at) => refreshRows.deleteExpired(trx, at.now) });
    retention.add({ name: 'password reset links', run: (trx, at) => resetLinks.deleteExpired(trx, at.windows) });
    retention.add({ name: 'email change links', run: (trx, at) => emailChanges.deleteExpired(trx, at.windows) });
    retention.add({ name: 'email verification links', run: (trx, at) => verifications.deleteExpired(trx, at.now) });
    // Login alerts: a browser or address unseen for 90 days is new again, so its record has no use.
    retention.add({ name: 'login-alert devices', run: (trx, at) => knownDevices.deleteOlderThan(at.now - KNOWN_DEVICE_MS, trx) });
    return { auth, accessTokens, refreshTokens, passwords, twoFactor, loginAlerts, emailChanges, verifications };
  },
  http: {
    needs: ['guards'],
    register: async (app, { auth, passwords, twoFactor, emailChanges, verifications }, { guards }, { ctx }) => {
      await app.register(authRoutes, { auth, guards, allowedOrigins: ctx.config.corsOrigins });
      await app.register(passwordRoutes, { passwords, guards });
      await app.register(twoFactorRoutes, { twoFactor, guards });
      await app.register(emailChangeRoutes, { emailChanges });
      await app.register(emailVerificationRoutes, { verifications, guards });
    },
  },
});
