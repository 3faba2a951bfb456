import Stripe from 'stripe';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

type StripeConfig = Config['billing']['stripe'];

/** Where the Stripe client connects: api.stripe.com, or a loopback fake in tests. */
function clientAddress(apiBaseUrl: string | null) {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * A Stripe API call whose failure is said as what it is: Stripe limiting requests (429: 503 with
 * Retry-After) or Stripe failing or unreachable after the client's retry (502). Before this, the
 * StripeError reached the error handler as is (its 429 passed through, a 5xx answered 500 as a bug).
 * Nothing was changed at Stripe or here in either case.
 */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error instanceof Stripe.errors.StripeRateLimitError || error.statusCode === 429)
      throw new AppError('service_unavailable', 'Stripe is limiting requests right now; nothing was changed. Try again in a minute.', 503, undefined, { 'Retry-After': '60' });
    if (error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeConnectionError || (error.statusCode ?? 500) >= 500)
      throw new AppError('provider_error', 'Stripe did not answer; nothing was changed. Try again later.', 502);
    throw error;
  }
}

/**
 * The few Stripe calls Altwise makes, through the official client: Checkout for a new
 * subscription, the customer portal, cancel at period end, and webhook verification.
 */
export function createStripeGateway(config: StripeConfig) {
  const stripe = new Stripe(config.secretKey!, {
    ...clientAddress(config.apiBaseUrl),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
  const webhookSecret = config.webhookSecret!;

  return {
    priceOf(planId: 'pro' | 'enterprise'): string {
      return config.prices[planId]!;
    },

    /**
     * The subscription as Stripe has it now (null when Stripe does not know it). Webhook events can
     * arrive late and out of order; the current object, not the event's copy, decides the plan.
     */
    async currentSubscription(id: string): Promise<Stripe.Subscription | null> {
      try {
        return await callStripe(() => stripe.subscriptions.retrieve(id));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },

    planOfPrice(priceId: string | undefined): 'pro' | 'enterprise' | null {
      if (priceId && priceId === config.prices.pro) return 'pro';
      if (priceId && priceId === config.prices.enterprise) return 'enterprise';
      return null;
    },

    async checkoutUrl(input: { userId: string; email: string; planId: 'pro' | 'enterprise'; returnUrl: string }) {
      const session = await callStripe(() => stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: config.prices[input.planId]!, quantity: 1 }],
        client_reference_id: input.userId,
        customer_email: input.email,
        metadata: { userId: input.userId, planId: input.planId },
        subscription_data: { metadata: { userId: input.userId, planId: input.planId } },
        success_url: `${input.returnUrl}?checkout=success`,
        cancel_url: `${input.returnUrl}?checkout=canceled`,
      }));
      if (!session.url) throw new AppError('provider_error', 'Stripe did not return a Checkout page', 502);
      return session.url;
    },

    async portalUrl(customerId: string, returnUrl: string): Promise<string> {
      const session = await callStripe(() => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return session.url;
    },

    async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
      await callStripe(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async cancelNow(subscriptionId: string): Promise<void> {
      await callStripe(() => stripe.subscriptions.cancel(subscriptionId));
    },

    /** The event, when its signature holds for the raw body and it is recent (5 min); else a 400. */
    verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
      if (!signature) throw AppError.badRequest('Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw AppError.badRequest('Invalid Stripe signature');
      }
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
