// Stripe subscription statuses and what the account gets: paused → Free at once; past_due keeps the
// plan for STRIPE_PAST_DUE_GRACE_HOURS from the start of the unpaid period, then Free until paid;
// events that arrive late, out of order or twice change nothing Stripe's current state does not say.
// Events are whole Stripe envelopes (id, object, api_version, created, livemode, pending_webhooks,
// request, type, data), typed by the official SDK.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '@altwise/test-support/fake-stripe';
import { startFakeStripe } from '@altwise/test-support/fake-stripe';
import { stripeRequestProblems } from '@altwise/test-support/stripe-contract';
import type { StripeEventObject } from '@altwise/test-support/stripe-objects';
import { stripeCheckoutSession, stripeEvent, stripeSubscription } from '@altwise/test-support/stripe-objects';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const WEBHOOK_SECRET = 'whsec_test_altwise';
const HOUR = 3_600_000;
const signer = new Stripe('sk_test_signer');
let counter = 0;

for (const database of DATABASES) {
  describe(`Stripe subscription statuses (${database})`, () => {
    let server: TestServer;
    let fake: FakeStripe;
    let clock = Date.now();
    beforeAll(async () => {
      fake = await startFakeStripe();
      server = await startTestServer(
        database,
        {
          BILLING_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_altwise',
          STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
          STRIPE_PRICE_PRO: 'price_pro_monthly',
          STRIPE_PRICE_ENTERPRISE: 'price_enterprise_monthly',
          STRIPE_API_BASE_URL: fake.url,
          STRIPE_PAST_DUE_GRACE_HOURS: '48',
        },
        { now: () => clock },
      );
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
      // The contract with the \`stripe\` package's published types: every call this suite made the gateway send.
      expect(stripeRequestProblems(fake.calls), "requests the stripe package's types refuse").toEqual([]);
    });

    // Read from the table: the clock moves days ahead, past any session's life.
    const planOf = async (userId: string) =>
      (await server.app.db.selectFrom('users').select(['plan']).where('id', '=', userId).executeTakeFirstOrThrow()).plan;

    /** A whole Stripe event envelope, as Stripe signs and sends it (typed by the SDK, stripe-objects.ts). */
    const envelope = <T extends Stripe.Event['type']>(type: T, object: StripeEventObject<T>, createdMs: number, id = `evt_${(counter += 1)}`) =>
      JSON.stringify(stripeEvent(type, object, createdMs, id));
    const deliver = async (payload: string, status = 200) => {
      const response = await fetch(`${server.url}/api/billing/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(clock / 1000) }),
        },
        body: payload,
      });
      expect(response.status).toBe(status);
    };
    /** A Stripe subscription object in `status`, its unpaid period starting at `periodStart`. */
    const subscription = (id: string, status: Stripe.Subscription.Status, periodStart: number) =>
      stripeSubscription({ id, status, priceId: 'price_pro_monthly', periodStartMs: periodStart });

    async function proSubscriber(id: string) {
      const { user } = await registerUser(server);
      const userId = user.userId as string;
      await deliver(
        envelope(
          'checkout.session.completed',
          stripeCheckoutSession({ userId, planId: 'pro', subscription: id, paymentStatus: 'paid', createdMs: clock }),
          clock,
        ),
      );
      expect(await planOf(userId)).toBe('pro');
      return userId;
    }

    it('a paused subscription (trial ended without a payment method) is Free at once, and a resume restores the plan', async () => {
      const userId = await proSubscriber('sub_paused');
      const paused = subscription('sub_paused', 'paused', clock);
      fake.subscriptions.set('sub_paused', paused);
      await deliver(envelope('customer.subscription.paused', paused, clock));
      expect(await planOf(userId)).toBe('free');
      const active = subscription('sub_paused', 'active', clock);
      fake.subscriptions.set('sub_paused', active);
      await deliver(envelope('customer.subscription.resumed', active, clock));
      expect(await planOf(userId)).toBe('pro');
    });

    it("an event that comes while Stripe cannot be asked (5xx after the retry) answers 502 and changes nothing; Stripe's redelivery applies it", async () => {
      const userId = await proSubscriber('sub_outage');
      const paused = subscription('sub_outage', 'paused', clock);
      fake.subscriptions.set('sub_outage', paused);
      fake.fail({ method: 'GET', path: /^\/v1\/subscriptions\/sub_outage$/, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 2 });
      const event = envelope('customer.subscription.paused', paused, clock);
      await deliver(event, 502);
      expect(await planOf(userId)).toBe('pro');
      // Stripe delivers an event again until it is answered 2xx: not taken as a duplicate, it applies now.
      await deliver(event);
      expect(await planOf(userId)).toBe('free');
    });

    it('past_due keeps the plan for the grace period, then the sweep moves the account to Free; paying restores it', async () => {
      const userId = await proSubscriber('sub_late');
      const since = clock;
      const late = subscription('sub_late', 'past_due', since);
      fake.subscriptions.set('sub_late', late);
      await deliver(envelope('customer.subscription.updated', late, clock));
      expect(await planOf(userId)).toBe('pro');

      clock = since + 47 * HOUR;
      expect(await server.app.pastDueSweep!()).toBe(0);
      expect(await planOf(userId)).toBe('pro');
      clock = since + 48 * HOUR;
      expect(await server.app.pastDueSweep!()).toBe(1);
      expect(await planOf(userId)).toBe('free');
      // A second sweep has nothing left to do.
      expect(await server.app.pastDueSweep!()).toBe(0);

      const paid = subscription('sub_late', 'active', since);
      fake.subscriptions.set('sub_late', paid);
      await deliver(envelope('customer.subscription.updated', paid, clock));
      expect(await planOf(userId)).toBe('pro');
    });

    it('a late or duplicated event changes nothing Stripe does not say now (out of order, then twice)', async () => {
      const userId = await proSubscriber('sub_order');
      const earlierActive = envelope('customer.subscription.updated', subscription('sub_order', 'active', clock - 30 * 24 * HOUR), clock - HOUR);
      // Stripe's state now: paused. Its event comes first, the older "active" one after it.
      const paused = subscription('sub_order', 'paused', clock);
      fake.subscriptions.set('sub_order', paused);
      const pausedEvent = envelope('customer.subscription.paused', paused, clock);
      await deliver(pausedEvent);
      expect(await planOf(userId)).toBe('free');
      await deliver(earlierActive);
      expect(await planOf(userId)).toBe('free');
      // The same event delivered again is applied once.
      await deliver(pausedEvent);
      expect(await planOf(userId)).toBe('free');
    });
  });
}
