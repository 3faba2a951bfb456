// A loopback fake of the few Stripe API endpoints Altwise calls (Checkout Sessions, the billing
// portal, subscription updates), answering as Stripe does with form-encoded requests, or with
// Stripe's error envelope when a test plays one (a rate limit, an outage). The
// `stripe` client reaches it through its host/port/protocol options. Sessions and subscriptions it
// answers are whole objects typed by the official SDK (stripe-objects.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { stripeCheckoutSession, stripeSubscription } from './stripe-objects.js';

export interface FakeStripeCall {
  method: string;
  path: string;
  /** The form body (or a GET's query) as Stripe's client encodes it (`line_items[0][price]=…`): stripe-contract.ts checks them. */
  params: Record<string, string>;
  authorization: string | undefined;
}

/** An answer the fake plays instead of the normal one: Stripe's documented errors (a rate limit, an outage). */
export interface FakeStripeFailure {
  method: string;
  path: RegExp;
  /** 429 (rate_limit_error), 500/503 (api_error), 402 (card_error), 400 (invalid_request_error)… */
  status: number;
  error: Stripe.StripeRawError;
  /** How many matching calls get it (then the normal answer again). */
  times: number;
}

export interface FakeStripe {
  url: string;
  calls: FakeStripeCall[];
  /** Plays `failure` for the next `times` calls that match (method and path). */
  fail(failure: FakeStripeFailure): void;
  /**
   * Subscriptions as Stripe has them now (GET /v1/subscriptions/:id answers these, else 404): a test
   * sets the current state, then delivers events that may be older, duplicated or out of order.
   */
  subscriptions: Map<string, Stripe.Subscription>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: FakeStripeCall[] = [];
  const subscriptions = new Map<string, Stripe.Subscription>();
  const failures: FakeStripeFailure[] = [];
  let sessions = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.invalid');
      const path = url.pathname;
      // A GET's parameters are its query, a POST's its form body: both as Stripe's client encodes them.
      const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
      calls.push({ method: request.method ?? '', path, params, authorization: request.headers.authorization });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        response.end(JSON.stringify(value));
      };
      const failure = failures.find((candidate) => candidate.times > 0 && candidate.method === request.method && candidate.path.test(path));
      if (failure) {
        failure.times -= 1;
        return json(failure.status, { error: failure.error });
      }
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_${sessions}`;
        // Open and unpaid until the customer pays: no subscription yet, the page's url to send them to.
        const session: Stripe.Checkout.Session = {
          ...stripeCheckoutSession({
            userId: params.client_reference_id ?? '',
            planId: params['metadata[planId]'] ?? '',
            subscription: '',
            paymentStatus: 'unpaid',
            createdMs: Date.now(),
          }),
          id,
          client_reference_id: params.client_reference_id ?? null,
          customer: params.customer ?? null,
          subscription: null,
          status: 'open',
          success_url: params.success_url ?? null,
          cancel_url: params.cancel_url ?? null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        return json(200, session);
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        const portal: Stripe.BillingPortal.Session = {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          configuration: 'bpc_test_1',
          created: Math.floor(Date.now() / 1000),
          customer: params.customer ?? '',
          customer_account: null,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: params.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${params.customer}`,
        };
        return json(200, portal);
      }
      const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (request.method === 'GET' && subscription) {
        const current = subscriptions.get(subscription[1]!);
        if (current) return json(200, current);
        return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${subscription[1]}'`, param: 'id' } });
      }
      const known = (id: string) =>
        subscriptions.get(id) ?? stripeSubscription({ id, status: 'active', priceId: 'price_pro_monthly', periodStartMs: Date.now() });
      if (request.method === 'DELETE' && subscription) {
        return json(200, { ...known(subscription[1]!), status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
      }
      if (request.method === 'POST' && subscription) {
        const current = known(subscription[1]!);
        const cancelAtPeriodEnd = params.cancel_at_period_end === 'true';
        return json(200, {
          ...current,
          cancel_at_period_end: cancelAtPeriodEnd,
          cancel_at: cancelAtPeriodEnd ? (current.items.data[0]?.current_period_end ?? null) : null,
        });
      }
      return json(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    fail: (failure) => failures.push(failure),
    subscriptions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
