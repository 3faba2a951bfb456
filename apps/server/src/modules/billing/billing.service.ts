import type { Executor } from '../../db/executor';
import type { BillingInfo, BillingMode, Plan, Subscription } from '@altwise/shared';
import { ALREADY_ON_PLAN_MESSAGE, OPERATOR_ASSIGNS_PLANS_NOTICE, TEST_MODE_NOTICE, getPlan, isPlanId } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { UserService } from '../users';
import type { PaymentProvider } from './payment-provider';
import type { StripeGateway } from './stripe-gateway';
import type { SubscriptionRepository, SubscriptionRow } from './subscription.repository';

export const FREE_SUBSCRIPTION: Subscription = {
  plan: 'free',
  status: 'active',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};

/** The same time of day one calendar month later; the 31st becomes the month's last day. */
export function addOneMonthUtc(at: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(at);
  next.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return next.getTime();
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Paid plans cannot be bought on this server: billing is not configured. An operator can assign a plan with ' +
  '`npm run admin -- set-plan <email> <plan>`, or set BILLING_PROVIDER=stripe (see docs/operations.md "Billing").';

/** How the server sells plans: nothing (operator assigns), a test provider, or Stripe. */
export type BillingSetup =
  | { mode: 'none' }
  | { mode: 'test'; payments: PaymentProvider }
  | { mode: 'stripe'; stripe: StripeGateway };

/** What a change answers: the subscription now, and in Stripe mode where the browser goes next. */
export interface PlanChange {
  subscription: Subscription;
  redirectUrl?: string;
}

const NOTICES: Record<BillingMode, string | null> = {
  none: OPERATOR_ASSIGNS_PLANS_NOTICE,
  test: TEST_MODE_NOTICE,
  stripe: null,
};

/**
 * Subscriptions. The account's plan (users.plan, owned by the users module) is what quotas read.
 * It fails closed: with no billing configured (the default) no request can buy a paid plan; an
 * operator assigns plans. In test mode the approve-everything provider changes it at once (and
 * says so); with Stripe it changes only when a verified webhook says a payment went through
 * (stripe-webhook.service.ts).
 */
export function createBillingService(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deps: { users: Pick<UserService, 'get' | 'setPlan'>; setup: BillingSetup; subscriptions: SubscriptionRepository },
) {
  const { setup, subscriptions } = deps;

  async function currentPlan(userId: string): Promise<string> {
    return getPlan((await deps.users.get(userId)).plan).id;
  }

  function knownPlan(planId: string): Plan {
    if (!isPlanId(planId)) throw AppError.badRequest(`Unknown plan "${planId}"`);
    return getPlan(planId);
  }

  async function activate(userId: string, plan: Plan, paymentMethodRef: string, payments: PaymentProvider) {
    const periodStart = ctx.now();
    const periodEnd = addOneMonthUtc(periodStart);
    const payment = await payments.charge({
      userId,
      planId: plan.id,
      amountCents: Math.round(plan.price * 100),
      currency: 'usd',
      paymentMethodRef,
      periodStart,
      periodEnd,
    });
    if (!payment.approved) throw new AppError('payment_declined', payment.reason, 422);
    const existing = await subscriptions.find(userId);
    const row: SubscriptionRow = {
      user_id: userId,
      plan: plan.id,
      status: 'active',
      payment_method_ref: payment.paymentMethodRef,
      current_period_start: periodStart,
      current_period_end: periodEnd,
      cancel_at_period_end: 0,
      created_at: existing?.created_at ?? periodStart,
      updated_at: periodStart,
      provider_customer_id: null,
      provider_subscription_id: null,
    };
    // The plan and its subscription row change together or not at all.
    await ctx.db.transaction().execute(async (trx) => {
      await subscriptions.save(row, trx);
      await deps.users.setPlan(userId, plan.id, trx);
    });
    return { subscription: await service.get(userId) };
  }

  /** Buying a paid plan, in whichever way this server sells them. */
  async function buy(userId: string, plan: Plan, paymentMethodRef: string | undefined, returnUrl: string): Promise<PlanChange> {
    if (setup.mode === 'none') throw new AppError('billing_not_configured', BILLING_NOT_CONFIGURED_MESSAGE, 403);
    if (setup.mode === 'test') {
      if (!paymentMethodRef) throw AppError.badRequest('paymentMethodId is required');
      return activate(userId, plan, paymentMethodRef, setup.payments);
    }
    const existing = await subscriptions.find(userId);
    if (existing?.provider_customer_id && existing.provider_subscription_id) {
      // A second Checkout would start a second subscription: plan changes go through the portal.
      return { subscription: await service.get(userId), redirectUrl: await setup.stripe.portalUrl(existing.provider_customer_id, returnUrl) };
    }
    const user = await deps.users.get(userId);
    const redirectUrl = await setup.stripe.checkoutUrl({ userId, email: user.email, planId: plan.id as 'pro' | 'enterprise', returnUrl });
    return { subscription: await service.get(userId), redirectUrl };
  }

  const service = {
    info(): BillingInfo {
      return { mode: setup.mode, notice: NOTICES[setup.mode] };
    },

    async get(userId: string): Promise<Subscription> {
      const plan = await currentPlan(userId);
      if (plan === 'free') return FREE_SUBSCRIPTION;
      const row = await subscriptions.find(userId);
      // A paid plan set without a subscription (by an operator) has no billing period to show.
      if (!row || row.plan !== plan) return { ...FREE_SUBSCRIPTION, plan };
      return {
        plan,
        status: row.status === 'canceled' ? 'canceled' : 'active',
        currentPeriodStart: iso(row.current_period_start),
        currentPeriodEnd: iso(row.current_period_end),
        cancelAtPeriodEnd: row.cancel_at_period_end === 1,
      };
    },

    /** POST: subscribe to a paid plan. */
    async subscribe(userId: string, planId: string, paymentMethodRef: string | undefined, returnUrl: string): Promise<PlanChange> {
      const plan = knownPlan(planId);
      if (plan.price === 0) throw AppError.badRequest('The free plan needs no subscription; cancel the current one instead');
      if ((await currentPlan(userId)) === plan.id) throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      return buy(userId, plan, paymentMethodRef, returnUrl);
    },

    /** PUT: change plan ('free' cancels); test mode charges the payment method on file. */
    async changePlan(userId: string, planId: string, returnUrl: string): Promise<PlanChange> {
      const plan = knownPlan(planId);
      if ((await currentPlan(userId)) === plan.id) throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      if (plan.price === 0) return service.cancel(userId);
      if (setup.mode !== 'test') return buy(userId, plan, undefined, returnUrl);
      const paymentMethodRef = (await subscriptions.find(userId))?.payment_method_ref;
      if (!paymentMethodRef) {
        throw AppError.badRequest('No payment method on file: subscribe with POST /api/user/subscription first');
      }
      return activate(userId, plan, paymentMethodRef, setup.payments);
    },

    /**
     * DELETE: back to free. A Stripe subscription is cancelled at the end of the period it paid
     * for (the webhook then downgrades); anything else, at once.
     */
    async cancel(userId: string): Promise<PlanChange> {
      if ((await currentPlan(userId)) === 'free') throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      const row = await subscriptions.find(userId);
      if (setup.mode === 'stripe' && row?.provider_subscription_id) {
        await setup.stripe.cancelAtPeriodEnd(row.provider_subscription_id);
        await subscriptions.save({ ...row, cancel_at_period_end: 1, updated_at: ctx.now() });
        return { subscription: await service.get(userId) };
      }
      await ctx.db.transaction().execute(async (trx) => {
        await subscriptions.delete(userId, trx);
        await deps.users.setPlan(userId, 'free', trx);
      });
      return { subscription: FREE_SUBSCRIPTION };
    },

    /**
     * Account deletion, before its transaction (no network call inside one): a Stripe subscription
     * is cancelled at once, so a deleted account is never charged again.
     */
    async cancelProviderSubscription(userId: string): Promise<void> {
      const row = await subscriptions.find(userId);
      if (setup.mode === 'stripe' && row?.provider_subscription_id) await setup.stripe.cancelNow(row.provider_subscription_id);
    },

    /** Account deletion, on its transaction. */
    deleteForUser: (userId: string, trx?: Executor) => subscriptions.delete(userId, trx),
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
