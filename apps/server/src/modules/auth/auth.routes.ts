import {
  authResponseSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { AuthService } from './auth.service';

const okSchema = z.object({ success: z.literal(true) });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; guards: AuthGuards }> = async (
  app,
  { auth, guards },
) => {
  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.register(request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: refreshRequestSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the presented refresh token',
        body: logoutRequestSchema.optional(),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (request.body?.refreshToken) await auth.logout(request.body.refreshToken);
      return { success: true as const };
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      preHandler: guards.requireUser,
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
