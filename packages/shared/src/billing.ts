import { z } from 'zod';

export const subscriptionSchema = z.object({
  plan: z.string(),
  status: z.enum(['active', 'canceled']),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

export const subscribeRequestSchema = z.object({
  planId: z.string().min(1).max(50),
  /** A reference from the payment processor; card data never reaches us. */
  paymentMethodId: z.string().min(1).max(200),
});
export const changePlanRequestSchema = z.object({ plan: z.string().min(1).max(50) });

export const ALREADY_ON_PLAN_MESSAGE = 'You are already on this plan';
