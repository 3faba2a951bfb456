import type { Config } from '../../config';
import { defineModule } from '../../platform/app-module';
import { createBillingEventRepository } from './billing-event.repository';
import { billingRoutes } from './billing.routes';
import type { BillingService, BillingSetup } from './billing.service';
import { createBillingService } from './billing.service';
import { createTestPaymentProvider } from './payment-provider';
import { createSubscriptionRepository } from './subscription.repository';
import type { StripeWebhookService } from './stripe-webhook.service';
import { createStripeWebhookService } from './stripe-webhook.service';

export interface BillingModule {
  billing: BillingService;
  /** Null unless BILLING_PROVIDER=stripe. */
  stripeWebhooks: StripeWebhookService | null;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    billing: BillingModule;
  }
}

/**
 * BILLING_PROVIDER: fails closed (`none`) unless an operator chose test or Stripe billing. The Stripe SDK
 * (about 250 files) is imported only for Stripe billing.
 */
async function billingSetupOf(config: Config): Promise<BillingSetup> {
  switch (config.billing.provider) {
    case 'test':
      return { mode: 'test', payments: createTestPaymentProvider() };
    case 'stripe':
      return { mode: 'stripe', stripe: (await import('./stripe-gateway')).createStripeGateway(config.billing.stripe) };
    default:
      return { mode: 'none' };
  }
}

/** Subscriptions: plan changes, with test payments or Stripe. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['users'],
  create: async ({ ctx }, { users: { users } }) => {
    const setup = await billingSetupOf(ctx.config);
    const subscriptions = createSubscriptionRepository(ctx.db);
    return {
      billing: createBillingService(ctx, { users, setup, subscriptions }),
      stripeWebhooks:
        setup.mode === 'stripe'
          ? createStripeWebhookService(ctx, { users, stripe: setup.stripe, pastDueGraceMs: ctx.config.billing.stripe.pastDueGraceMs, subscriptions, events: createBillingEventRepository(ctx.db) })
          : null,
    };
  },
  // Every 10 minutes: a past_due subscription's grace period ends within that of its hour.
  start: ({ stripeWebhooks }, { logger }) => {
    if (!stripeWebhooks) return undefined;
    const timer = setInterval(
      () => void stripeWebhooks.expireGracePeriods().catch((err: unknown) => logger.warn({ err }, 'past_due grace sweep failed')),
      10 * 60_000,
    ).unref();
    return () => clearInterval(timer);
  },
  http: {
    needs: ['guards'],
    register: async (app, { billing, stripeWebhooks }, { guards }, { ctx }) => {
      await app.register(billingRoutes, { billing, guards, publicUrl: ctx.config.publicUrl, stripeWebhooks });
    },
  },
});
