// The Stripe contract check has teeth: the fake Stripe's recorded calls, decoded as Stripe decodes a
// form body, are held to the `stripe` package's published params types (test-support
// stripe-contract.ts). The billing suites assert that every call the gateway sent passes it.
import { decodeStripeForm, stripeRequestProblems } from '@altwise/test-support/stripe-contract';
import { describe, expect, it } from 'vitest';

const checkout = {
  mode: 'subscription',
  'line_items[0][price]': 'price_pro_monthly',
  'line_items[0][quantity]': '1',
  client_reference_id: 'user-1',
  customer_email: 'a@example.test',
  'metadata[userId]': 'user-1',
  'subscription_data[metadata][planId]': 'pro',
  success_url: 'https://altwise.example/settings?checkout=success',
  cancel_url: 'https://altwise.example/settings?checkout=canceled',
};

describe("the Stripe calls, by the stripe package's published types", () => {
  it("decodes Stripe's form encoding: nested objects, arrays, booleans and integers", () => {
    expect(decodeStripeForm({ ...checkout, cancel_at_period_end: 'true' })).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
      client_reference_id: 'user-1',
      customer_email: 'a@example.test',
      metadata: { userId: 'user-1' },
      subscription_data: { metadata: { planId: 'pro' } },
      success_url: 'https://altwise.example/settings?checkout=success',
      cancel_url: 'https://altwise.example/settings?checkout=canceled',
      cancel_at_period_end: true,
    });
  });

  it('finds what Stripe refuses: an unknown parameter, a missing one, a wrong value, a call Altwise does not make', () => {
    const problems = stripeRequestProblems([
      { method: 'POST', path: '/v1/checkout/sessions', params: checkout },
      { method: 'POST', path: '/v1/checkout/sessions', params: { ...checkout, 'line_items[0][plan]': 'pro' } },
      { method: 'POST', path: '/v1/billing_portal/sessions', params: { customer: 'cus_1', 'flow_data[after_completion][type]': 'redirect' } },
      { method: 'POST', path: '/v1/subscriptions/sub_1', params: { cancel_at_period_end: 'soon' } },
      { method: 'DELETE', path: '/v1/customers/cus_1', params: {} },
    ]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe('DELETE /v1/customers/cus_1: not a Stripe call Altwise makes');
    const text = problems.slice(1).join('\n');
    expect(text).toMatch(/POST \/v1\/checkout\/sessions .*'"plan"' does not exist/);
    expect(text).toMatch(/POST \/v1\/billing_portal\/sessions .*'type' is missing/);
    expect(text).toMatch(/POST \/v1\/subscriptions\/sub_1 .*'string' is not assignable to type 'boolean/);
  });
});
