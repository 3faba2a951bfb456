import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { createAltTextCacheRepository } from './modules/alt-text/alt-text-cache.repository';
import { createGenerationRepository } from './modules/alt-text/generation.repository';
import { createRefreshTokenRepository } from './modules/auth/refresh-token.repository';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import { createUsageRepository } from './modules/usage/usage.repository';
import { createIdempotencyRepository } from './platform/idempotency.repository';
import { IDEMPOTENCY_TTL_MS } from './platform/idempotency';
import { createRateLimitRepository } from './platform/rate-limit.repository';
import type { RetentionTask } from './platform/retention';

/** What the retention sweep deletes, each by the module that owns the table. Rollups stay. */
export function retentionTasks(db: Kysely<Database>): RetentionTask[] {
  const refreshTokens = createRefreshTokenRepository(db);
  const rateLimits = createRateLimitRepository(db);
  const idempotencyKeys = createIdempotencyRepository(db);
  const cache = createAltTextCacheRepository(db);
  const usage = createUsageRepository(db);
  const generations = createGenerationRepository(db);
  const jobs = createJobsRepository(db);
  return [
    { name: 'refresh tokens', run: (trx, at) => refreshTokens.deleteExpired(trx, at.now) },
    { name: 'rate-limit windows', run: (trx, at) => rateLimits.deleteWindowsBefore(trx, at.windows) },
    { name: 'idempotency keys', run: (trx, at) => idempotencyKeys.deleteCreatedBefore(at.now - IDEMPOTENCY_TTL_MS, trx) },
    { name: 'alt-text cache', run: (trx, at) => cache.deleteUnusedSince(trx, at.cache) },
    { name: 'usage events', run: (trx, at) => usage.deleteEventsBefore(trx, at.records) },
    { name: 'history', run: (trx, at) => generations.deleteCreatedBefore(trx, at.records) },
    { name: 'bulk jobs', run: async (trx, at) => void (await jobs.deleteEndedBefore(trx, at.jobs)) },
  ];
}
