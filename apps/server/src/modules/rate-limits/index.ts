// The rate-limits module's public face: fixed-window counters in the `rate_limits` table, shared by
// every instance (failed logins, registrations, the demo, key reveals, audits).
export { createRateLimiter } from './rate-limiter';
export type { RateLimiter, WindowCount } from './rate-limiter';
export { rateLimiterModule } from './rate-limits.module';
