import {
  changePlanRequestSchema,
  errorBodySchema,
  subscribeRequestSchema,
  subscriptionResponseSchema,
} from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { BillingService, PlanChange } from './billing.service';
import type { StripeWebhookService } from './stripe-webhook.service';
import { errorResponses } from '../../platform/error-responses';

const webhookAnswerSchema = z.object({ received: z.literal(true), applied: z.boolean() });
/** With BILLING_PROVIDER=stripe, what a call that needs Stripe answers when Stripe cannot take it (stripe-gateway.ts). */
const stripeErrors = {
  502: errorBodySchema.describe('Stripe failed or could not be reached (after one retry); nothing was changed'),
  503: errorBodySchema.describe('Stripe is limiting our requests: try again after Retry-After seconds; nothing was changed'),
};

export const billingRoutes: FastifyPluginAsyncZod<{
  billing: BillingService;
  guards: AuthGuards;
  /** PUBLIC_URL, for Stripe's return links; else the address the request came to. */
  publicUrl: string | null;
  stripeWebhooks: StripeWebhookService | null;
}> = async (app, { billing, guards, publicUrl, stripeWebhooks }) => {
  const secured = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];
  const response = { 200: subscriptionResponseSchema };
  const returnUrl = (request: FastifyRequest) => `${publicUrl ?? `${request.protocol}://${request.host}`}/app/subscription`;
  // Every answer says how this server sells plans (the screen words its offer from it).
  const answer = (change: PlanChange) => ({ ...change, billing: billing.info() });

  app.get(
    '/api/user/subscription',
    { ...secured, schema: { tags: ['billing'], summary: 'The current subscription', security, response } },
    async (request) => answer({ subscription: await billing.get(callerOf(request).userId) }),
  );

  app.post(
    '/api/user/subscription',
    {
      ...secured,
      schema: {
        tags: ['billing'],
        summary:
          'Subscribe to a paid plan. BILLING_PROVIDER=none: 403 billing_not_configured; test: approved at once; ' +
          'stripe: answers the Checkout page in redirectUrl, and the plan changes when Stripe confirms payment',
        security,
        body: subscribeRequestSchema,
        response: { 201: subscriptionResponseSchema, ...errorResponses(409, 422), ...stripeErrors },
      },
    },
    async (request, reply) => {
      const { planId, paymentMethodId } = request.body;
      const change = await billing.subscribe(callerOf(request).userId, planId, paymentMethodId, returnUrl(request));
      return reply.status(201).send(answer(change));
    },
  );

  app.put(
    '/api/user/subscription',
    {
      ...secured,
      schema: {
        tags: ['billing'],
        summary: 'Change plan ("free" cancels); the same billing rules as subscribing',
        security,
        body: changePlanRequestSchema,
        response: { ...response, ...errorResponses(409, 422), ...stripeErrors },
      },
    },
    async (request) => answer(await billing.changePlan(callerOf(request).userId, request.body.plan, returnUrl(request))),
  );

  app.delete(
    '/api/user/subscription',
    {
      ...secured,
      schema: {
        tags: ['billing'],
        summary: 'Cancel: back to the free plan (with Stripe, at the end of the paid period)',
        security,
        response: { ...response, ...errorResponses(409), ...stripeErrors },
      },
    },
    async (request) => answer(await billing.cancel(callerOf(request).userId)),
  );

  if (stripeWebhooks) {
    // The signature covers the exact bytes Stripe sent: this route keeps the body raw.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      scope.post(
        '/api/billing/stripe/webhook',
        {
          schema: {
            tags: ['billing'],
            summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET); forged, unsigned or stale events are 400',
            // A 502/503 (Stripe could not be asked for the subscription) makes Stripe deliver the event again.
            response: { 200: webhookAnswerSchema, ...stripeErrors },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const result = await stripeWebhooks.receive(body, typeof signature === 'string' ? signature : undefined);
          return { received: true, applied: result.applied };
        },
      );
    });
  }
};
