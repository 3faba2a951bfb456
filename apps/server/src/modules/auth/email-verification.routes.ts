import { EMAIL_VERIFICATION_MESSAGES, emailLinkRequestSchema, emailLinkResponseSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import type { EmailVerificationService } from './email-verification.service';
import { VERIFICATION_RESENDS_PER_HOUR } from './email-verification.service';
import { VERIFY_LINK_HOURS } from './email-verification-mails';

/** Proving the account's address: the mailed link (the token is the proof) and asking for a new one. */
export const emailVerificationRoutes: FastifyPluginAsyncZod<{ verifications: EmailVerificationService; guards: AuthGuards }> = async (
  app,
  { verifications, guards },
) => {
  app.post(
    '/api/auth/email/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify the account\'s email address with the link mailed to it',
        description:
          `Works once, within ${VERIFY_LINK_HOURS} hours, and only while the account still uses the address the link was mailed to; asking for a new link retires the older ones. ` +
          'An invalid, expired, used or retired link is a 400 on `token`. Until an address is verified, only verification and password-reset mail is sent to it.',
        body: emailLinkRequestSchema,
        response: { 200: emailLinkResponseSchema },
      },
    },
    async (request) => {
      await verifications.verify(request.body.token);
      return { success: true as const, message: EMAIL_VERIFICATION_MESSAGES.verified };
    },
  );

  app.post(
    '/api/auth/email/verify/resend',
    {
      onRequest: guards.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link to the account\'s address',
        description: `No body. The same answer whether a link was sent or the address is verified already. At most ${VERIFICATION_RESENDS_PER_HOUR} per account per hour (429).`,
        security: [{ bearerAuth: [] }],
        response: { 200: emailLinkResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      await verifications.resend(callerOf(request).userId);
      return { success: true as const, message: EMAIL_VERIFICATION_MESSAGES.resent };
    },
  );
};
