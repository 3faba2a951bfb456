// The idempotency module's public face: Idempotency-Key handling for the endpoints that create.
export { createIdempotency, IDEMPOTENCY_TTL_MS } from './idempotency.service';
export type { Idempotency } from './idempotency.http';
export { createIdempotencyRepository } from './idempotency.repository';
export { idempotencyModule } from './idempotency.module';
