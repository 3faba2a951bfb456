import type { Plan, Subscription } from '@altwise/shared';
import { ALREADY_ON_PLAN_MESSAGE, getPlan, isPlanId } from '@altwise/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { UserService } from '../users/user.service';
import type { PaymentProvider } from './payment-provider';
import type { SubscriptionRow } from './subscription.repository';
import { createSubscriptionRepository } from './subscription.repository';

const FREE_SUBSCRIPTION: Subscription = {
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

/**
 * Subscriptions. The account's plan (users.plan, owned by the users module) is what quotas read;
 * this module changes it at once on every subscribe, change and cancel (no end-of-period waits),
 * after the payment provider approved. One subscriptions row per paying account.
 */
export function createBillingService(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deps: { users: Pick<UserService, 'get' | 'setPlan'>; payments: PaymentProvider },
) {
  const subscriptions = createSubscriptionRepository(ctx.db);

  async function currentPlan(userId: string): Promise<string> {
    return getPlan((await deps.users.get(userId)).plan).id;
  }

  function knownPlan(planId: string): Plan {
    if (!isPlanId(planId)) throw AppError.badRequest(`Unknown plan "${planId}"`);
    return getPlan(planId);
  }

  async function activate(userId: string, plan: Plan, paymentMethodRef: string): Promise<Subscription> {
    const periodStart = ctx.now();
    const periodEnd = addOneMonthUtc(periodStart);
    const payment = await deps.payments.charge({
      userId,
      planId: plan.id,
      amountCents: Math.round(plan.price * 100),
      currency: 'usd',
      paymentMethodRef,
      periodStart,
      periodEnd,
    });
    if (!payment.approved) throw new AppError('bad_request', payment.reason, 402);
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
    };
    await subscriptions.save(row);
    await deps.users.setPlan(userId, plan.id);
    return service.get(userId);
  }

  const service = {
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

    /** POST: subscribe to a paid plan with a payment-method reference. */
    async subscribe(userId: string, planId: string, paymentMethodRef: string): Promise<Subscription> {
      const plan = knownPlan(planId);
      if (plan.price === 0) throw AppError.badRequest('The free plan needs no subscription; cancel the current one instead');
      if ((await currentPlan(userId)) === plan.id) throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      return activate(userId, plan, paymentMethodRef);
    },

    /** PUT: change plan with the payment method on file; 'free' cancels. */
    async changePlan(userId: string, planId: string): Promise<Subscription> {
      const plan = knownPlan(planId);
      if ((await currentPlan(userId)) === plan.id) throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      if (plan.price === 0) return service.cancel(userId);
      const paymentMethodRef = (await subscriptions.find(userId))?.payment_method_ref;
      if (!paymentMethodRef) {
        throw AppError.badRequest('No payment method on file: subscribe with POST /api/user/subscription first');
      }
      return activate(userId, plan, paymentMethodRef);
    },

    /** DELETE: back to free at once; the payment-method reference is forgotten with the row. */
    async cancel(userId: string): Promise<Subscription> {
      if ((await currentPlan(userId)) === 'free') throw AppError.conflict(ALREADY_ON_PLAN_MESSAGE);
      await subscriptions.delete(userId);
      await deps.users.setPlan(userId, 'free');
      return FREE_SUBSCRIPTION;
    },

    deleteForUser: (userId: string) => subscriptions.delete(userId),
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
