import { SESSION_TRANSPORT_COOKIE, SESSION_TRANSPORT_HEADER } from '@altwise/shared';
import { parse as parseCookie, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';

/**
 * The web app's refresh token lives in this cookie: HttpOnly (no script reads it, so one XSS
 * cannot carry the session away), SameSite=Strict and scoped to /api/auth (sent to nothing but
 * refresh and logout), Secure whenever the request came over HTTPS.
 */
export const REFRESH_COOKIE_NAME = 'altwise_refresh';
const COOKIE_PATH = '/api/auth';

/** Whether the caller asked for the cookie transport (the web app does; API clients do not). */
export function wantsCookieTransport(request: FastifyRequest): boolean {
  return request.headers[SESSION_TRANSPORT_HEADER.toLowerCase()] === SESSION_TRANSPORT_COOKIE;
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = parseCookie(header)[REFRESH_COOKIE_NAME];
  // Our tokens are base64url: anything else is not ours and is ignored.
  return value !== undefined && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
}

function serialize(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  return serializeCookie(REFRESH_COOKIE_NAME, value, {
    path: COOKIE_PATH,
    maxAge: maxAgeSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

/**
 * The cookie may outlive the token (the server decides expiry, idle timeout and revocation);
 * it must never be shorter, or a remembered session would end with the browser.
 */
export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header('set-cookie', serialize(request, token, Math.floor(maxAgeMs / 1000)));
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', serialize(request, '', 0));
}

/**
 * CSRF guard of the cookie-authenticated calls: the custom header (a cross-site form or image
 * cannot send it, and a cross-site fetch cannot without a preflight we do not allow), plus the
 * Origin, when the browser sends one, must be this server's own or a configured CORS origin.
 */
export function assertSameSiteRequest(request: FastifyRequest, allowedOrigins: readonly string[]): void {
  if (!wantsCookieTransport(request)) {
    throw AppError.forbidden(`The session cookie is only accepted with the ${SESSION_TRANSPORT_HEADER} header`);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `${request.protocol}://${request.host}`;
  if (origin !== own && !allowedOrigins.includes(origin)) {
    throw AppError.forbidden('Cross-site session requests are refused');
  }
}
