/**
 * The seam to a payment processor. Card details are collected by the processor's own page or
 * widget and never reach this server: a request carries only the processor's reference to a
 * payment method. A real processor (Stripe, Adyen, …) implements this interface; nothing else in
 * the billing module changes.
 */
export interface PaymentProvider {
  /** Short name for logs and stored records, e.g. "stripe". */
  readonly name: string;

  /**
   * Starts or changes a paid subscription: charges (or schedules) `amountCents` for the period
   * and answers whether it was approved. Must not throw for a decline; throws only when the
   * processor cannot be reached.
   */
  charge(request: PaymentRequest): Promise<PaymentResult>;
}

export interface PaymentRequest {
  userId: string;
  planId: string;
  /** Price of one period in the smallest currency unit. */
  amountCents: number;
  currency: 'usd';
  /** The processor's reference to a stored payment method (never card data). */
  paymentMethodRef: string;
  /** The billing period being paid, epoch ms. */
  periodStart: number;
  periodEnd: number;
}

export type PaymentResult =
  | { approved: true; /** The processor's reference to keep with the subscription. */ paymentMethodRef: string }
  | { approved: false; /** Safe to show to the customer. */ reason: string };

/**
 * BILLING_PROVIDER=test: records the reference it was given and approves everything, for demos
 * and tests. Never the default: with it any user can take any plan for free (and every answer
 * says "Test mode — no payment is taken").
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async charge(request) {
      return { approved: true, paymentMethodRef: request.paymentMethodRef };
    },
  };
}
