import {
  changePlanRequestSchema,
  subscribeRequestSchema,
  subscriptionResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { BillingService } from './billing.service';

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService; guards: AuthGuards }> = async (
  app,
  { billing, guards },
) => {
  const secured = { preHandler: guards.requireUser };
  const security = [{ bearerAuth: [] }];
  const response = { 200: subscriptionResponseSchema };

  app.get(
    '/api/user/subscription',
    { ...secured, schema: { tags: ['billing'], summary: 'The current subscription', security, response } },
    async (request) => ({ subscription: await billing.get(callerOf(request).userId) }),
  );

  app.post(
    '/api/user/subscription',
    {
      ...secured,
      schema: {
        tags: ['billing'],
        summary: 'Subscribe to a paid plan (paymentMethodId: the payment processor\'s reference, never card data)',
        security,
        body: subscribeRequestSchema,
        response: { 201: subscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const { planId, paymentMethodId } = request.body;
      const subscription = await billing.subscribe(callerOf(request).userId, planId, paymentMethodId);
      return reply.status(201).send({ subscription });
    },
  );

  app.put(
    '/api/user/subscription',
    {
      ...secured,
      schema: {
        tags: ['billing'],
        summary: 'Change plan with the payment method on file ("free" cancels)',
        security,
        body: changePlanRequestSchema,
        response,
      },
    },
    async (request) => ({ subscription: await billing.changePlan(callerOf(request).userId, request.body.plan) }),
  );

  app.delete(
    '/api/user/subscription',
    { ...secured, schema: { tags: ['billing'], summary: 'Cancel: back to the free plan at once', security, response } },
    async (request) => ({ subscription: await billing.cancel(callerOf(request).userId) }),
  );
};
