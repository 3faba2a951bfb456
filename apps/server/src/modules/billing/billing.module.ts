import type { Config } from '../../config';
import { defineModule } from '../../platform/app-module';
import { billingRoutes } from './billing.routes';
import type { BillingService, BillingSetup } from './billing.service';
import { createBillingService } from './billing.service';
import { createTestPaymentProvider } from './payment-provider';
import { createStripeGateway } from './stripe-gateway';
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

/** BILLING_PROVIDER: fails closed (`none`) unless an operator chose test or Stripe billing. */
function billingSetupOf(config: Config): BillingSetup {
  switch (config.billing.provider) {
    case 'test':
      return { mode: 'test', payments: createTestPaymentProvider() };
    case 'stripe':
      return { mode: 'stripe', stripe: createStripeGateway(config.billing.stripe) };
    default:
      return { mode: 'none' };
  }
}

/** Subscriptions: plan changes, with test payments or Stripe. */
export const billingModule = defineModule({
  name: 'billing',
  needs: ['users'],
  create: ({ ctx }, { users: { users } }) => {
    const setup = billingSetupOf(ctx.config);
    return {
      billing: createBillingService(ctx, { users, setup }),
      stripeWebhooks: setup.mode === 'stripe' ? createStripeWebhookService(ctx, { users, stripe: setup.stripe }) : null,
    };
  },
  http: {
    needs: ['guards'],
    register: async (app, { billing, stripeWebhooks }, { guards }, { ctx }) => {
      await app.register(billingRoutes, { billing, guards, publicUrl: ctx.config.publicUrl, stripeWebhooks });
    },
  },
});
