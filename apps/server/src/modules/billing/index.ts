// The billing module's public face: subscriptions and the payment provider port.
export { billingRoutes } from './billing.routes';
export { createBillingService } from './billing.service';
export type { BillingService } from './billing.service';
export { createTestPaymentProvider } from './payment-provider';
export type { PaymentProvider } from './payment-provider';
export { billingModule } from './billing.module';
export type { BillingModule } from './billing.module';
