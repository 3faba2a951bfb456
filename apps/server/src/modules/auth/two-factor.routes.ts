import {
  twoFactorCodeRequestSchema,
  twoFactorEnabledResponseSchema,
  twoFactorSetupResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import type { TwoFactorService } from './two-factor.service';

export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService; guards: AuthGuards }> = async (app, { twoFactor, guards }) => {
  const secured = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/auth/two-factor',
    {
      ...secured,
      schema: {
        tags: ['auth'],
        summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
        security,
        response: { 200: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const enabled = await twoFactor.isEnabled(userId);
      return { enabled, recoveryCodesLeft: enabled ? await twoFactor.recoveryCodesLeft(userId) : 0 };
    },
  );

  app.post(
    '/api/auth/two-factor/setup',
    {
      ...secured,
      schema: {
        tags: ['auth'],
        summary: 'Start turning on two-factor sign-in: a new TOTP key, for the authenticator app',
        description: 'Nothing changes for sign-in until POST /api/auth/two-factor/enable confirms the key with a code. 409 when two-factor sign-in is already on.',
        security,
        response: { 200: twoFactorSetupResponseSchema, ...errorResponses(409) },
      },
    },
    async (request) => twoFactor.setup(callerOf(request).userId),
  );

  app.post(
    '/api/auth/two-factor/enable',
    {
      ...secured,
      schema: {
        tags: ['auth'],
        summary: 'Turn on two-factor sign-in with a first code; answers the 10 recovery codes, shown only now',
        security,
        body: twoFactorCodeRequestSchema,
        response: { 200: twoFactorEnabledResponseSchema, ...errorResponses(409, 429) },
      },
    },
    async (request) => ({ recoveryCodes: await twoFactor.enable(callerOf(request).userId, request.body.code, request.ip) }),
  );

  app.post(
    '/api/auth/two-factor/disable',
    {
      ...secured,
      schema: {
        tags: ['auth'],
        summary: 'Turn off two-factor sign-in: a code from the app or a recovery code required',
        security,
        body: twoFactorCodeRequestSchema,
        response: { 200: z.object({ success: z.literal(true) }), ...errorResponses(409, 429) },
      },
    },
    async (request) => {
      await twoFactor.disable(callerOf(request).userId, request.body.code, request.ip);
      return { success: true as const };
    },
  );
};
