// The auth module's public face: sign-up, sign-in, sessions and access tokens.
export { authRoutes } from './auth.routes';
export { createAuthService } from './auth.service';
export type { AuthService } from './auth.service';
export { createAccessTokens } from './access-token.service';
export type { AccessTokens } from './access-token.service';
export { createRefreshTokenService } from './refresh-token.service';
export type { RefreshTokenService } from './refresh-token.service';
export { passwordRoutes } from './password.routes';
export { createPasswordService } from './password.service';
export type { PasswordService } from './password.service';
export { twoFactorRoutes } from './two-factor.routes';
export { createTwoFactorService } from './two-factor.service';
export type { TwoFactorService } from './two-factor.service';
export { createLoginAlerts } from './login-alerts';
export type { LoginAlerts } from './login-alerts';
