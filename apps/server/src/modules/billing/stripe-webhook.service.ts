import { isPlanId } from '@altwise/shared';
import type { Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { UserService } from '../users';
import type { BillingEventRepository } from './billing-event.repository';
import type { StripeGateway } from './stripe-gateway';
import type { SubscriptionRepository, SubscriptionRow } from './subscription.repository';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);
/**
 * Per Stripe status, what the account gets (documented in docs/product-decisions.md):
 * - active, trialing: the plan of the subscription's price;
 * - past_due (a renewal payment failed, Stripe retrying): the plan, for STRIPE_PAST_DUE_GRACE_HOURS from
 *   the start of the unpaid period, then Free until paid (the sweep below applies the end);
 * - paused (a trial ended without a payment method): Free at once, the row kept so a resume restores it;
 * - canceled, unpaid, incomplete_expired: Free, the subscription gone.
 */
const FREE_AT_ONCE = new Set(['paused']);
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
  deps: {
    users: Pick<UserService, 'findById' | 'setPlan'>;
    stripe: StripeGateway;
    pastDueGraceMs: number;
    subscriptions: SubscriptionRepository;
    events: BillingEventRepository;
  },
) {
  const { subscriptions, events } = deps;

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

  /** Whether a past_due subscription whose unpaid period began at `since` is still in its grace period. */
  const inGrace = (since: number | null, now: number) => since !== null && now < since + deps.pastDueGraceMs;

  async function subscriptionUpdated(event: Stripe.Subscription) {
    const row = await subscriptions.findByProviderSubscription(event.id);
    if (!row) return;
    // The event may be stale (Stripe delivers late and out of order): Stripe's current object decides.
    const subscription = (await deps.stripe.currentSubscription(event.id)) ?? event;
    if (ENDED.has(subscription.status)) return ended(row);
    const item = subscription.items?.data?.[0];
    const plan = deps.stripe.planOfPrice(item?.price?.id) ?? row.plan;
    const periodSeconds =
      (item as { current_period_start?: number; current_period_end?: number } | undefined) ?? {};
    const periodStart = periodSeconds.current_period_start
      ? periodSeconds.current_period_start * 1000
      : row.current_period_start;
    const now = ctx.now();
    const status = subscription.status === 'past_due' || FREE_AT_ONCE.has(subscription.status) ? subscription.status : 'active';
    const granted =
      FREE_AT_ONCE.has(status) || (status === 'past_due' && !inGrace(periodStart, now)) ? 'free' : plan;
    await inOneTransaction(async (trx) => {
      await subscriptions.save(
        {
          ...row,
          plan,
          status,
          current_period_start: periodStart,
          current_period_end: periodSeconds.current_period_end
            ? periodSeconds.current_period_end * 1000
            : row.current_period_end,
          cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
          updated_at: now,
        },
        trx,
      );
      await deps.users.setPlan(row.user_id, granted, trx);
    });
  }

  async function subscriptionDeleted(subscription: Stripe.Subscription) {
    const row = await subscriptions.findByProviderSubscription(subscription.id);
    if (row) await ended(row);
  }

  return {
    /** Past-due subscriptions whose grace period is over: their accounts go to Free (run periodically). */
    async expireGracePeriods(): Promise<number> {
      const now = ctx.now();
      let expired = 0;
      for (const row of await subscriptions.withStatus('past_due')) {
        if (inGrace(row.current_period_start, now)) continue;
        const user = await deps.users.findById(row.user_id);
        if (!user || user.plan === 'free') continue;
        await deps.users.setPlan(row.user_id, 'free');
        expired += 1;
      }
      return expired;
    },

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
        case 'customer.subscription.paused':
        case 'customer.subscription.resumed':
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
