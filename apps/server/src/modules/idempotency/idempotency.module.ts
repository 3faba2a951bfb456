import { defineModule } from '../../platform/app-module';
import { createIdempotencyRepository } from './idempotency.repository';
import type { Idempotency } from './idempotency.http';
import { createIdempotencyHttp } from './idempotency.http';
import { createIdempotency, IDEMPOTENCY_TTL_MS } from './idempotency.service';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    idempotency: Idempotency;
  }
}

/** Idempotency-Key: the first answer kept for 24 hours and replayed to a retry, which is charged nothing. */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  needs: ['instance'],
  create: ({ ctx, retention }, { instance }) => {
    const keys = createIdempotencyRepository(ctx.db);
    retention.add({ name: 'idempotency keys', run: (trx, at) => keys.deleteCreatedBefore(at.now - IDEMPOTENCY_TTL_MS, trx) });
    return createIdempotencyHttp(createIdempotency(ctx, keys, instance));
  },
});
