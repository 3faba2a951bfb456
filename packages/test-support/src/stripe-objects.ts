// Stripe objects and events as Stripe sends them, whole and typed by the official `stripe` package
// (no casts to its types): a field the SDK's published types require and a test left out fails the
// typecheck. The webhook tests sign these with the SDK and deliver them in any order, twice, late.
import Stripe from 'stripe';

const API_VERSION = '2025-08-27.basil';
const DAY = 86_400;
const secs = (ms: number) => Math.floor(ms / 1000);

/** A monthly recurring price of `priceId`. */
export function stripePrice(priceId: string, createdMs: number): Stripe.Price {
  return {
    id: priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: secs(createdMs),
    currency: 'usd',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: `prod_${priceId}`,
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: 1900,
    // A Decimal in the SDK's types; JSON has it as the string Stripe sends ("1900").
    unit_amount_decimal: Stripe.Decimal.from('1900'),
  };
}

function stripePlan(priceId: string, createdMs: number): Stripe.Plan {
  return {
    id: priceId,
    object: 'plan',
    active: true,
    amount: 1900,
    amount_decimal: Stripe.Decimal.from('1900'),
    billing_scheme: 'per_unit',
    created: secs(createdMs),
    currency: 'usd',
    interval: 'month',
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: `prod_${priceId}`,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export interface SubscriptionFields {
  id: string;
  status: Stripe.Subscription.Status;
  priceId: string;
  /** Start of the current (for past_due: the unpaid) period. */
  periodStartMs: number;
  /** Its end (default: 30 days after the start). */
  periodEndMs?: number;
  customer?: string;
  cancelAtPeriodEnd?: boolean;
}

/** A subscription of one item, in `status`. */
export function stripeSubscription(fields: SubscriptionFields): Stripe.Subscription {
  const start = secs(fields.periodStartMs);
  const end = fields.periodEndMs === undefined ? start + 30 * DAY : secs(fields.periodEndMs);
  const created = start - 30 * DAY;
  const ended = fields.status === 'canceled' || fields.status === 'incomplete_expired';
  const item: Stripe.SubscriptionItem = {
    id: `si_${fields.id}`,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: end,
    current_period_start: start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: stripePlan(fields.priceId, created * 1000),
    price: stripePrice(fields.priceId, created * 1000),
    quantity: 1,
    subscription: fields.id,
    tax_rates: [],
  };
  return {
    id: fields.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: fields.cancelAtPeriodEnd ? end : null,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: ended ? start : null,
    cancellation_details: ended ? { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' } : null,
    collection_method: 'charge_automatically',
    created,
    currency: 'usd',
    customer: fields.customer ?? `cus_${fields.id}`,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.status === 'paused' ? null : `pm_${fields.id}`,
    default_source: null,
    description: null,
    discounts: [],
    ended_at: ended ? start : null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${fields.id}` },
    latest_invoice: `in_${fields.id}_${start}`,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: created,
    status: fields.status,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'pause' } },
    trial_start: null,
  };
}

export interface CheckoutSessionFields {
  userId: string;
  planId: string;
  subscription: string;
  paymentStatus: Stripe.Checkout.Session.PaymentStatus;
  createdMs: number;
}

/** A completed Checkout Session in subscription mode, as checkout.session.* events carry it. */
export function stripeCheckoutSession(fields: CheckoutSessionFields): Stripe.Checkout.Session {
  const id = `cs_${fields.subscription}`;
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: 1900,
    amount_total: 1900,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: 'https://altwise.example/settings/billing',
    client_reference_id: fields.userId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: secs(fields.createdMs),
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: `cus_${fields.subscription}`,
    customer_account: null,
    customer_creation: 'always',
    customer_details: null,
    customer_email: null,
    discounts: [],
    expires_at: secs(fields.createdMs) + DAY,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: { userId: fields.userId, planId: fields.planId },
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_status: fields.paymentStatus,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: null,
    subscription: fields.subscription,
    success_url: 'https://altwise.example/settings/billing?checkout=success',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
    wallet_options: null,
  };
}

type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
/** The object an event of `type` carries. */
export type StripeEventObject<T extends Stripe.Event['type']> = EventOf<T>['data']['object'];

/** A whole event envelope of `type` around `object`, created at `createdMs`. */
export function stripeEvent<T extends Stripe.Event['type']>(
  type: T,
  object: StripeEventObject<T>,
  createdMs: number,
  id: string,
): EventOf<T> {
  const envelope: Omit<Stripe.EventBase, 'data' | 'type'> = {
    id,
    object: 'event',
    api_version: API_VERSION,
    created: secs(createdMs),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  // The signature pairs `type` with its object's type; TypeScript cannot narrow the generic union itself.
  return { ...envelope, type, data: { object } } as EventOf<T>;
}
