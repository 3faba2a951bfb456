import type { Kysely } from 'kysely';
import { DAY_MS } from '@altwise/shared';
import type { Database } from './db/schema';
import { createAltTextCacheRepository } from './modules/alt-text/alt-text-cache.repository';
import { createGenerationRepository } from './modules/alt-text/generation.repository';
import { createRefreshTokenRepository } from './modules/auth/refresh-token.repository';
import { createJobsRepository } from './modules/jobs/jobs.repository';
import { createKnownDevicesRepository } from './modules/auth/known-devices.repository';
import { KNOWN_DEVICE_MS } from './modules/auth/login-alerts';
import { createPasswordResetRepository } from './modules/auth/password-reset.repository';
import { createMailOutboxRepository } from './modules/mail/mail-outbox.repository';
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
  const resetLinks = createPasswordResetRepository(db);
  const mail = createMailOutboxRepository(db);
  const knownDevices = createKnownDevicesRepository(db);
  return [
    { name: 'refresh tokens', run: (trx, at) => refreshTokens.deleteExpired(trx, at.now) },
    { name: 'rate-limit windows', run: (trx, at) => rateLimits.deleteWindowsBefore(trx, at.windows) },
    { name: 'idempotency keys', run: (trx, at) => idempotencyKeys.deleteCreatedBefore(at.now - IDEMPOTENCY_TTL_MS, trx) },
    { name: 'alt-text cache', run: (trx, at) => cache.deleteUnusedSince(trx, at.cache) },
    { name: 'usage events', run: (trx, at) => usage.deleteEventsBefore(trx, at.records) },
    { name: 'history', run: (trx, at) => generations.deleteCreatedBefore(trx, at.records) },
    { name: 'bulk jobs', run: async (trx, at) => void (await jobs.deleteEndedBefore(trx, at.jobs)) },
    { name: 'password reset links', run: (trx, at) => resetLinks.deleteExpired(trx, at.windows) },
    // Sent or given-up mail: its content was erased when it ended; the record goes a week later.
    { name: 'mail outbox', run: (trx, at) => mail.deleteFinishedBefore(trx, at.now - 7 * DAY_MS) },
    // Login alerts: a browser or address unseen for 90 days is new again, so its record has no use.
    { name: 'login-alert devices', run: (trx, at) => knownDevices.deleteOlderThan(at.now - KNOWN_DEVICE_MS, trx) },
  ];
}
