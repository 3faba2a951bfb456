import { EMAIL_CHANGE_MESSAGES, emailLinkRequestSchema, emailLinkResponseSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses';
import type { EmailChangeService } from './email-change.service';

/** The two links of an email change; each token is the proof (no session needed). */
export const emailChangeRoutes: FastifyPluginAsyncZod<{ emailChanges: EmailChangeService }> = async (app, { emailChanges }) => {
  app.post(
    '/api/auth/email/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Make an email change with the link mailed to the new address',
        description: 'Works once, within 24 hours. Ends every session of the account. An invalid, expired, used or undone link is a 400 on `token`; 409 when another account took the address meanwhile.',
        body: emailLinkRequestSchema,
        response: { 200: emailLinkResponseSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await emailChanges.confirm(request.body.token);
      return { success: true as const, message: EMAIL_CHANGE_MESSAGES.confirmed };
    },
  );

  app.post(
    '/api/auth/email/undo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Undo an email change with the link mailed to the previous address',
        description: 'Works once, within 7 days: cancels the change, or restores the previous address if it was made, and ends every session. 409 when another account took the previous address meanwhile.',
        body: emailLinkRequestSchema,
        response: { 200: emailLinkResponseSchema, ...errorResponses(409) },
      },
    },
    async (request) => {
      await emailChanges.undo(request.body.token);
      return { success: true as const, message: EMAIL_CHANGE_MESSAGES.undone };
    },
  );
};
