import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { AccountService } from './account.service';

const okSchema = z.object({ success: z.literal(true) });

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService; guards: AuthGuards }> = async (
  app,
  { account, guards },
) => {
  app.delete(
    '/api/v1/user',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['users'],
        summary: 'Delete the account and its data (keys, sessions, settings, history, subscription)',
        security: [{ bearerAuth: [] }],
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await account.deleteAccount(callerOf(request).userId);
      return { success: true as const };
    },
  );
};
