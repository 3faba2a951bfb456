import { defineModule } from '../../platform/app-module';
import { createRateLimitRepository } from './rate-limit.repository';
import type { RateLimiter } from './rate-limiter';
import { createRateLimiter } from './rate-limiter';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    rateLimiter: RateLimiter;
  }
}

/** Fixed-window counters (failed logins, the demo, key creation). */
export const rateLimiterModule = defineModule({
  name: 'rateLimiter',
  needs: [],
  create: ({ ctx, retention }) => {
    const windows = createRateLimitRepository(ctx.db);
    retention.add({ name: 'rate-limit windows', run: (trx, at) => windows.deleteWindowsBefore(trx, at.windows) });
    return createRateLimiter(ctx, windows);
  },
});
