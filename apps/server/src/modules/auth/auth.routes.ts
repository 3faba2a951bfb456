import {
  authResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  twoFactorLoginRequestSchema,
} from '@altwise/shared';
import type { AuthResponse } from '@altwise/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { errorResponses } from '../../platform/error-responses';
import { registerJsonBodyParser } from '../../platform/json-body-parser';
import type { AuthService } from './auth.service';
import { DEFAULT_SESSION_MS, REMEMBER_ME_SESSION_MS } from './refresh-token.service';
import {
  assertSameSiteRequest,
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
  wantsCookieTransport,
} from './session-cookie';

const okSchema = z.object({ success: z.literal(true) });

/**
 * The web app (it sends the session header) gets its refresh token as an HttpOnly cookie and never
 * sees it; API clients get both tokens in the JSON, as documented.
 */
/** Where a sign-in comes from, for login alerts. */
export function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) };
}

export function deliver(request: FastifyRequest, reply: FastifyReply, session: AuthResponse, cookieMaxAgeMs: number) {
  if (!wantsCookieTransport(request) || !session.refreshToken) return session;
  setRefreshCookie(request, reply, session.refreshToken, cookieMaxAgeMs);
  const { refreshToken: _inCookie, tokens, ...rest } = session;
  return { ...rest, tokens: { accessToken: tokens.accessToken, expiresIn: tokens.expiresIn } };
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  guards: AuthGuards;
  /** Origins besides our own that may use the session cookie (CORS_ORIGINS). */
  allowedOrigins: readonly string[];
}> = async (app, { auth, guards, allowedOrigins }) => {
  /** The body's token (API clients), else the cookie's, which only a same-site request may use. */
  function presentedRefreshToken(request: FastifyRequest, bodyToken: string | undefined): string | undefined {
    if (bodyToken) return bodyToken;
    const cookie = readRefreshCookie(request);
    if (cookie) assertSameSiteRequest(request, allowedOrigins);
    return cookie;
  }

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(deliver(request, reply, await auth.register(request.body, clientOf(request)), DEFAULT_SESSION_MS)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description:
          'Answers a session. For an account with two-factor sign-in it answers `{ twoFactorRequired: true, challengeToken, expiresIn }` instead, and the session comes from POST /api/auth/login/two-factor.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const answer = await auth.login(request.body, clientOf(request));
      if ('twoFactorRequired' in answer) return answer;
      return deliver(request, reply, answer, request.body.rememberMe ? REMEMBER_ME_SESSION_MS : DEFAULT_SESSION_MS);
    },
  );

  app.post(
    '/api/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in, second step: a code from the authenticator app or a recovery code',
        description:
          'The challenge token from POST /api/auth/login lives 5 minutes (401 once expired). A wrong, used or replayed code is a 400 on `code`; attempts are throttled like passwords (429).',
        body: twoFactorLoginRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const { session, rememberMe } = await auth.completeTwoFactor(request.body, clientOf(request));
      return deliver(request, reply, session, rememberMe ? REMEMBER_ME_SESSION_MS : DEFAULT_SESSION_MS);
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        description:
          'API clients send their refresh token in the body. The web app sends none: its HttpOnly cookie carries it, accepted only with the X-Altwise-Session header from this site. A token rotated by a concurrent refresh less than 5 seconds ago answers 409 (nothing is revoked; retry with the newer token or cookie); presented later, it revokes every token of its session (401).',
        // Fastify reads a request without a body as null.
        body: refreshRequestSchema.nullish(),
        response: { 200: authResponseSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) => {
      const token = presentedRefreshToken(request, request.body?.refreshToken);
      if (!token) throw AppError.unauthorized('Invalid or expired refresh token');
      try {
        // The cookie's lifetime is the longest a session can have; the server enforces the real one.
        return deliver(request, reply, await auth.refresh(token), REMEMBER_ME_SESSION_MS);
      } catch (error) {
        // A dead cookie is dropped, so the browser stops presenting it. A 409 keeps it: the browser
        // already holds the concurrent refresh's newer cookie, which clearing would destroy.
        const dead = !(error instanceof AppError && error.statusCode === 409);
        if (dead && wantsCookieTransport(request) && !request.body?.refreshToken) clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  // Logout has no body (docs/product-decisions.md#sessions). Any client's way of sending none (no body, an empty JSON body)
  // is accepted, in a scope of its own so other routes keep refusing empty JSON.
  await app.register(async (scope) => {
    registerJsonBodyParser(scope, undefined, { emptyBodyIsNull: true });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Revoke the presented refresh token (the body is optional; the web app\'s is its cookie)',
          body: logoutRequestSchema.nullish(),
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        const token = presentedRefreshToken(request, request.body?.refreshToken);
        if (token) await auth.logout(token);
        if (wantsCookieTransport(request)) clearRefreshCookie(request, reply);
        return { success: true as const };
      },
    );
  });

  app.post(
    '/api/auth/logout-all',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke every session of the account',
        security: [{ bearerAuth: [] }],
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await auth.logoutEverywhere(callerOf(request).userId);
      return { success: true as const };
    },
  );
};
