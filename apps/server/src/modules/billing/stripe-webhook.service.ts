import { isPlanId } from '@altwise/shared';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { UserService } from '../users';
import { createBillingEventRepository } from './billing-event.repository';
import type { StripeGateway } from './stripe-gateway';
import type { SubscriptionRow } from './subscription.repository';
import { createSubscriptionRepository } from './subscription.repository';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/**
 * A completed Checkout is not a paid one: with a delayed payment method it completes `unpaid`, and
 * `checkout.session.async_payment_succeeded` follows once the money arrives (issue 18 row 10).
 */
const PAID = new Set(['paid', 'no_payment_required']);

/**
 * Applies verified Stripe events: the only way a plan changes in Stripe mode. Each event id is
 * applied once (Stripe delivers at least once); events about unknown accounts or subscriptions
 * are acknowledged and ignored, so Stripe stops retrying them.
 */
export function createStripeWebhookService(
  ctx: Pick<AppContext, 'db' | 'now'>,
  deps: { users: Pick<UserService, 'findById' | 'setPlan'>; stripe: StripeGateway },
) {
  const subscriptions = createSubscriptionRepository(ctx.db);
  const events = createBillingEventRepository(ctx.db);

  // A plan and its subscription row change together or not at all.
  const inOneTransaction = (work: (trx: Transaction<Database>) => Promise<void>) =>
    ctx.db.transaction().execute(work);

  /** A paid Checkout (at completion, or when a delayed payment succeeds) grants its plan. */
  async function checkoutCompleted(session: Stripe.Checkout.Session) {
    if (session.mode !== 'subscription' || !PAID.has(session.payment_status)) return;
    const userId = session.client_reference_id ?? session.metadata?.userId;
    const planId = session.metadata?.planId;
    const subscriptionId = idOf(session.subscription);
    if (!userId || !planId || !isPlanId(planId) || planId === 'free' || !subscriptionId) return;
    if (!(await deps.users.findById(userId))) return;
    const now = ctx.now();
    const existing = await subscriptions.find(userId);
    await inOneTransaction(async (trx) => {
      await subscriptions.save(
        {
          user_id: userId,
          plan: planId,
          status: 'active',
          payment_method_ref: null,
          current_period_start: now,
          current_period_end: null,
          cancel_at_period_end: 0,
          created_at: existing?.created_at ?? now,
          updated_at: now,
          provider_customer_id: idOf(session.customer),
          provider_subscription_id: subscriptionId,
        },
        trx,
      );
      await deps.users.setPlan(userId, planId, trx);
    });
  }

  async function ended(row: SubscriptionRow) {
    await inOneTransaction(async (trx) => {
      await subscriptions.delete(row.user_id, trx);
      await deps.users.setPlan(row.user_id, 'free', trx);
    });
  }

  async function subscriptionUpdated(subscription: Stripe.Subscription) {
    const row = await subscriptions.findByProviderSubscription(subscription.id);
    if (!row) return;
    if (ENDED.has(subscription.status)) return ended(row);
    const item = subscription.items?.data?.[0];
    const plan = deps.stripe.planOfPrice(item?.price?.id) ?? row.plan;
    const periodSeconds =
      (item as { current_period_start?: number; current_period_end?: number } | undefined) ?? {};
    await inOneTransaction(async (trx) => {
      await subscriptions.save(
        {
          ...row,
          plan,
          status: 'active',
          current_period_start: periodSeconds.current_period_start
            ? periodSeconds.current_period_start * 1000
            : row.current_period_start,
          current_period_end: periodSeconds.current_period_end
            ? periodSeconds.current_period_end * 1000
            : row.current_period_end,
          cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
          updated_at: ctx.now(),
        },
        trx,
      );
      await deps.users.setPlan(row.user_id, plan, trx);
    });
  }

  async function subscriptionDeleted(subscription: Stripe.Subscription) {
    const row = await subscriptions.findByProviderSubscription(subscription.id);
    if (row) await ended(row);
  }

  return {
    /** Verifies (400 when forged, unsigned or too old) and applies the event at most once. */
    async receive(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
      const event = deps.stripe.verifyEvent(rawBody, signature);
      if (await events.seen(event.id)) return { applied: false };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          await checkoutCompleted(event.data.object);
          break;
        case 'customer.subscription.updated':
          await subscriptionUpdated(event.data.object);
          break;
        case 'customer.subscription.deleted':
          await subscriptionDeleted(event.data.object);
          break;
        default:
          break;
      }
      await events.record(event.id, event.type, ctx.now());
      return { applied: true };
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
