// The contract between Altwise's Stripe gateway and Stripe, held to the official `stripe` package's
// published parameter types (sdk-type-check.ts): every call the fake Stripe received (fake-stripe.ts),
// its form body decoded as Stripe decodes it (`line_items[0][price]` is line_items' first item's price),
// is a value of the SDK's params type for that call. An unknown parameter, a missing required one or a
// wrong value is a problem, as Stripe answers it ("Received unknown parameter", "Missing required param").
import type { TypedRequest } from './sdk-type-check';
import { sdkTypeProblems } from './sdk-type-check';

/** A call as the fake Stripe keeps it: the form body's (and query's) flat keys. */
export interface StripeCallRecord {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
}

const IMPORTS = ["import type Stripe from 'stripe';"];

/** The calls Stripe has that Altwise may make, by method and path: the SDK's params type of each. */
const OPERATIONS: ReadonlyArray<{ method: string; path: RegExp; name: string; type: string }> = [
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, name: 'checkout.sessions.create', type: 'Stripe.Checkout.SessionCreateParams' },
  { method: 'POST', path: /^\/v1\/billing_portal\/sessions$/, name: 'billingPortal.sessions.create', type: 'Stripe.BillingPortal.SessionCreateParams' },
  { method: 'GET', path: /^\/v1\/subscriptions\/[^/]+$/, name: 'subscriptions.retrieve', type: 'Stripe.SubscriptionRetrieveParams' },
  { method: 'POST', path: /^\/v1\/subscriptions\/[^/]+$/, name: 'subscriptions.update', type: 'Stripe.SubscriptionUpdateParams' },
  { method: 'DELETE', path: /^\/v1\/subscriptions\/[^/]+$/, name: 'subscriptions.cancel', type: 'Stripe.SubscriptionCancelParams' },
];

/** A form value as the JSON value Stripe reads it as: its booleans and integers are sent as text. */
function valueOf(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d{1,15}$/.test(text)) return Number(text);
  return text;
}

/** Stripe's form encoding back to the object: `a[b][0][c]=v` is { a: { b: [{ c: v }] } }. */
export function decodeStripeForm(params: Readonly<Record<string, string>>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(params)) {
    const parts = [key.replace(/\[.*$/, ''), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[part] = valueOf(text);
        return;
      }
      slot[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {};
      node = slot[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** Which Stripe operations the calls used ("checkout.sessions.create"…), for a test that each was exercised. */
export function stripeOperationsOf(calls: readonly StripeCallRecord[]): string[] {
  const used = new Set<string>();
  for (const call of calls) {
    const operation = OPERATIONS.find((candidate) => candidate.method === call.method && candidate.path.test(call.path));
    if (operation) used.add(operation.name);
  }
  return [...used].sort();
}

/** What the `stripe` package's published types find wrong with the calls; empty when none. */
export function stripeRequestProblems(calls: readonly StripeCallRecord[]): string[] {
  const problems: string[] = [];
  const typed: TypedRequest[] = [];
  for (const call of calls) {
    const where = `${call.method} ${call.path}`;
    const operation = OPERATIONS.find((candidate) => candidate.method === call.method && candidate.path.test(call.path));
    if (!operation) problems.push(`${where}: not a Stripe call Altwise makes`);
    else typed.push({ where, type: operation.type, value: decodeStripeForm(call.params) });
  }
  return [...problems, ...sdkTypeProblems(IMPORTS, typed)];
}
