import { z } from 'zod';

export const subscriptionSchema = z.object({
  plan: z.string(),
  status: z.enum(['active', 'canceled']),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** How this server sells plans (BILLING_PROVIDER): the screen words its offer from it. */
export const BILLING_MODES = ['none', 'test', 'stripe'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const TEST_MODE_NOTICE = 'Test mode — no payment is taken';
export const OPERATOR_ASSIGNS_PLANS_NOTICE =
  'Paid plans are assigned by the operator of this server. Contact them to change your plan.';

export const billingInfoSchema = z.object({
  mode: z.enum(BILLING_MODES),
  /** What the screen says about payment in this mode, if anything. */
  notice: z.string().nullable(),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const subscriptionResponseSchema = z.object({
  subscription: subscriptionSchema,
  billing: billingInfoSchema.optional(),
  /** Stripe mode: where the browser goes next (Checkout or the customer portal). */
  redirectUrl: z.string().optional(),
});

/** 13 to 19 digits, optionally grouped by spaces or dashes: the shape of a card number (PAN). */
const CARD_NUMBER_PATTERN = /(?:\d[ -]?){12,18}\d/;

/** True when a value carries what looks like a card number; we refuse it rather than store it. */
export function looksLikeCardNumber(value: string): boolean {
  return CARD_NUMBER_PATTERN.test(value);
}

export const CARD_DATA_REFUSED_MESSAGE =
  'Send the payment method reference from the payment processor, never card details';

export const subscribeRequestSchema = z.object({
  planId: z.string().min(1).max(50),
  /** A reference from the payment processor; card data never reaches us. Unused with Stripe Checkout. */
  paymentMethodId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((value) => !looksLikeCardNumber(value), CARD_DATA_REFUSED_MESSAGE)
    .optional(),
});
export const changePlanRequestSchema = z.object({ plan: z.string().min(1).max(50) });

export const ALREADY_ON_PLAN_MESSAGE = 'You are already on this plan';
