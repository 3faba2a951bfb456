import {
  authResponseSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  PASSWORD_MESSAGES,
  passwordMessageResponseSchema,
  resetPasswordRequestSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import { deliver } from './auth.routes';
import type { PasswordService } from './password.service';
import { DEFAULT_SESSION_MS } from './refresh-token.service';

export const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService; guards: AuthGuards }> = async (app, { passwords, guards }) => {
  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a link to choose a new password',
        description:
          'Always answers the same, whether or not the address has an account. The link (to /reset-password?token=…) works once, within 30 minutes. Throttled per client address (429) and per account (silently).',
        body: forgotPasswordRequestSchema,
        response: { 200: passwordMessageResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await passwords.requestReset(request.body.email, request.ip);
      return { success: true as const, message: PASSWORD_MESSAGES.resetRequested };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link\'s token',
        description: 'Ends every session of the account (refresh tokens revoked, access tokens refused). An invalid, expired or used token is a 400 on the `token` field.',
        body: resetPasswordRequestSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(429) },
      },
    },
    async (request) => {
      await passwords.resetPassword(request.body.token, request.body.password, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/password',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (the current one required)',
        description:
          'Every session of the account ends, this one included; the answer is a new session for the caller (the web app\'s refresh token in its cookie, as at sign-in). A wrong current password is a 400 on `currentPassword`, throttled like sign-ins.',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: authResponseSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      const session = await passwords.changePassword(callerOf(request).userId, request.body, request.ip);
      return deliver(request, reply, session, DEFAULT_SESSION_MS);
    },
  );
};
