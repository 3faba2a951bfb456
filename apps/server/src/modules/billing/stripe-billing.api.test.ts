import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '@altwise/test-support/fake-stripe';
import { startFakeStripe } from '@altwise/test-support/fake-stripe';
import { stripeOperationsOf, stripeRequestProblems } from '@altwise/test-support/stripe-contract';
import type { StripeEventObject } from '@altwise/test-support/stripe-objects';
import { stripeCheckoutSession, stripeEvent, stripeSubscription } from '@altwise/test-support/stripe-objects';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const WEBHOOK_SECRET = 'whsec_test_altwise';
const signer = new Stripe('sk_test_signer');
let eventCounter = 0;

for (const database of DATABASES) {
  describe(`BILLING_PROVIDER=stripe (${database})`, () => {
    let server: TestServer;
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe();
      server = await startTestServer(database, {
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_altwise',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_PRO: 'price_pro_monthly',
        STRIPE_PRICE_ENTERPRISE: 'price_enterprise_monthly',
        STRIPE_API_BASE_URL: fake.url,
        PUBLIC_URL: 'https://altwise.example',
      });
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
      // The contract with the \`stripe\` package's published types: every call this suite made the gateway send.
      expect(stripeRequestProblems(fake.calls), "requests the stripe package's types refuse").toEqual([]);
      // Whatever order the tests ran in, together they made every Stripe call the gateway has.
      expect(stripeOperationsOf(fake.calls)).toEqual(['billingPortal.sessions.create', 'checkout.sessions.create', 'subscriptions.cancel', 'subscriptions.retrieve', 'subscriptions.update']);
    });

    const planOf = async (token: string) => (await server.request('GET', '/api/auth/profile', { token })).body.user.plan;
    // Whole event envelopes and objects, typed by the official SDK (stripe-objects.ts).
    const event = <T extends Stripe.Event['type']>(type: T, object: StripeEventObject<T>, id = `evt_${(eventCounter += 1)}`) =>
      JSON.stringify(stripeEvent(type, object, Date.now(), id));
    const canceled = (id: string) => stripeSubscription({ id, status: 'canceled', priceId: 'price_pro_monthly', periodStartMs: Date.now() });
    const deliver = (payload: string, signature?: string) =>
      fetch(`${server.url}/api/billing/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
    const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
      deliver(payload, signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp }));
    const checkoutSession = (userId: string, planId: string, subscription: string, paymentStatus: Stripe.Checkout.Session.PaymentStatus) =>
      stripeCheckoutSession({ userId, planId, subscription, paymentStatus, createdMs: Date.now() });
    const completed = (userId: string, planId: string, subscription: string, paymentStatus: Stripe.Checkout.Session.PaymentStatus = 'paid') =>
      event('checkout.session.completed', checkoutSession(userId, planId, subscription, paymentStatus));

    it('an upgrade opens a Checkout Session for the plan price and changes nothing yet', async () => {
      const { token, user } = await registerUser(server);
      const response = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro' } });
      expect(response.status).toBe(201);
      expect(response.body.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
      expect(response.body.billing).toEqual({ mode: 'stripe', notice: null });
      const call = fake.calls.at(-1)!;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_altwise' });
      expect(call.params).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_pro_monthly',
        client_reference_id: user.userId,
        success_url: 'https://altwise.example/app/subscription?checkout=success',
      });
      expect(await planOf(token)).toBe('free');
    });

    it('a verified checkout.session.completed grants the plan, and the same event id twice changes nothing', async () => {
      const { token, user } = await registerUser(server);
      const payload = completed(user.userId, 'pro', 'sub_twice');
      const first = await signed(payload);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({ received: true, applied: true });
      expect(await planOf(token)).toBe('pro');

      expect((await signed(event('customer.subscription.deleted', canceled('sub_twice')))).status).toBe(200);
      expect(await planOf(token)).toBe('free');
      const again = await signed(payload);
      expect(await again.json()).toEqual({ received: true, applied: false });
      expect(await planOf(token)).toBe('free');
    });

    it('changes the plan only for a paid checkout: unpaid waits for async_payment_succeeded, which grants it', async () => {
      const { token, user } = await registerUser(server);
      const unpaid = await signed(completed(user.userId, 'enterprise', 'sub_unpaid', 'unpaid'));
      expect(unpaid.status).toBe(200);
      expect(await planOf(token)).toBe('free');
      expect((await server.request('GET', '/api/user/subscription', { token })).body.subscription?.plan ?? 'free').toBe('free');
      // A delayed payment method that then fails changes nothing either.
      await signed(event('checkout.session.async_payment_failed', checkoutSession(user.userId, 'enterprise', 'sub_unpaid', 'unpaid')));
      expect(await planOf(token)).toBe('free');
      // The money arrived: Stripe says so with its own event.
      await signed(event('checkout.session.async_payment_succeeded', checkoutSession(user.userId, 'enterprise', 'sub_unpaid', 'paid')));
      expect(await planOf(token)).toBe('enterprise');
    });

    it('grants the plan for a checkout with no payment required (a 100% coupon, a free trial)', async () => {
      const { token, user } = await registerUser(server);
      await signed(completed(user.userId, 'pro', 'sub_trial', 'no_payment_required'));
      expect(await planOf(token)).toBe('pro');
    });

    it('refuses a forged, an unsigned and a replayed (too old) event with 400, changing nothing', async () => {
      const { token, user } = await registerUser(server);
      const forged = await signed(completed(user.userId, 'enterprise', 'sub_forged'), { secret: 'whsec_attacker' });
      const unsigned = await deliver(completed(user.userId, 'enterprise', 'sub_unsigned'));
      const stale = await signed(completed(user.userId, 'enterprise', 'sub_stale'), { timestamp: Math.floor(Date.now() / 1000) - 600 });
      for (const response of [forged, unsigned, stale]) {
        expect(response.status).toBe(400);
        expect(((await response.json()) as any).error.code).toBe('bad_request');
      }
      expect(await planOf(token)).toBe('free');
    });

    it('follows subscription updates (a new price, cancel at period end) and downgrades when it ends', async () => {
      const { token, user } = await registerUser(server);
      await signed(completed(user.userId, 'pro', 'sub_life'));
      const periodEnd = Math.floor(Date.parse('2031-02-01T00:00:00Z') / 1000);
      await signed(
        event(
          'customer.subscription.updated',
          stripeSubscription({ id: 'sub_life', status: 'active', priceId: 'price_enterprise_monthly', periodStartMs: (periodEnd - 2_678_400) * 1000, periodEndMs: periodEnd * 1000 }),
        ),
      );
      expect(await planOf(token)).toBe('enterprise');
      const shown = (await server.request('GET', '/api/user/subscription', { token })).body.subscription;
      expect(shown).toMatchObject({ plan: 'enterprise', status: 'active', currentPeriodEnd: '2031-02-01T00:00:00.000Z' });

      // Cancelling asks Stripe to stop at the period's end; the plan stays until Stripe says it ended.
      const cancel = await server.request('DELETE', '/api/user/subscription', { token });
      expect(cancel.status).toBe(200);
      expect(cancel.body.subscription).toMatchObject({ plan: 'enterprise', cancelAtPeriodEnd: true });
      expect(fake.calls.at(-1)).toMatchObject({ path: '/v1/subscriptions/sub_life', params: { cancel_at_period_end: 'true' } });
      expect(await planOf(token)).toBe('enterprise');

      await signed(event('customer.subscription.deleted', canceled('sub_life')));
      expect(await planOf(token)).toBe('free');
    });

    it("says Stripe is limiting or down (503 / 502) when it refuses a Checkout, changing nothing; a 5xx once is retried", async () => {
      const { token } = await registerUser(server);
      const sessions = /^\/v1\/checkout\/sessions$/;
      const checkouts = () => fake.calls.filter((call) => sessions.test(call.path)).length;
      const before = checkouts();
      fake.fail({ method: 'POST', path: sessions, status: 500, error: { type: 'api_error', message: 'An unknown error occurred' }, times: 1 });
      const retried = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro' } });
      expect(retried.status).toBe(201);
      expect(checkouts() - before).toBe(2);

      fake.fail({ method: 'POST', path: sessions, status: 429, error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests made to the API too quickly' }, times: 1 });
      const limited = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro' } });
      expect(limited.status).toBe(503);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(limited.body.error).toEqual({ code: 'service_unavailable', message: 'Stripe is limiting requests right now; nothing was changed. Try again in a minute.' });

      fake.fail({ method: 'POST', path: sessions, status: 503, error: { type: 'api_error', message: 'Service unavailable' }, times: 2 });
      const down = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro' } });
      expect(down.status).toBe(502);
      expect(down.body.error).toEqual({ code: 'provider_error', message: 'Stripe did not answer; nothing was changed. Try again later.' });
      expect(await planOf(token)).toBe('free');
    });

    it('sends a subscriber who wants another plan to the customer portal, not a second Checkout', async () => {
      const { token, user } = await registerUser(server);
      await signed(completed(user.userId, 'pro', 'sub_portal'));
      const response = await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'enterprise' } });
      expect(response.status).toBe(200);
      expect(response.body.redirectUrl).toBe('https://billing.stripe.test/p/session/cus_sub_portal');
      expect(await planOf(token)).toBe('pro');
    });

    it('cancels the Stripe subscription at once when the account is deleted', async () => {
      const { token, user } = await registerUser(server);
      await signed(completed(user.userId, 'pro', 'sub_deleted_account'));
      expect((await server.request('DELETE', '/api/v1/user', { token })).status).toBe(200);
      expect(fake.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_deleted_account' });
    });

  });
}
