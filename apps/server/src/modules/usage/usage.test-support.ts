// Services of the usage module built over a running test server's database, so suites can charge
// quotas and record events at chosen times without a generation endpoint in the way.
import { randomUUID } from 'node:crypto';
import type { TestServer } from '../../../test/support/test-server';
import type { QuotaDecision } from './quota-decision';
import type { AppContext } from '../../platform/context';
import { createUserRepository } from '../users/user.repository';
import { createUserService } from '../users/user.service';
import { createQuotaRepository } from './quota.repository';
import { createQuotaService } from './quota.service';
import { createUsageRepository } from './usage.repository';
import { createUsageService } from './usage.service';
import { windowsAt } from './usage-windows';
import { loadConfig } from '../../config';

/** A clock the server and the suite share: `clock.now` is what ctx.now() answers. */
export interface TestClock {
  now: number;
  advance(ms: number): void;
  set(iso: string): void;
}

export function createTestClock(iso: string): TestClock {
  return {
    now: Date.parse(iso),
    advance(ms) {
      this.now += ms;
    },
    set(at) {
      this.now = Date.parse(at);
    },
  };
}

export function meteringFor(server: TestServer, now: () => number = Date.now) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' });
  const ctx = { db: server.app.db, now, config, dialect: server.databaseUrl ? ('postgres' as const) : ('sqlite' as const) };
  const users = createUserService(ctx as AppContext, createUserRepository(ctx.db));
  // Uncached: the suites change plans behind this copy's back (through the server or the table).
  const accountQuota = createQuotaService(ctx, { users: { planOf: async (id: string) => (await users.get(id)).plan }, counters: createQuotaRepository(ctx.db, ctx.dialect) });
  const usage = createUsageService(ctx, { quota: accountQuota, usage: createUsageRepository(ctx.db) });
  // Charges as an admitted request that was settled at once: the reservation admission writes is
  // removed, so the server's reconciliation (which would release it) never sees it.
  const quota = {
    ...accountQuota,
    async admit(userId: string, units: number): Promise<QuotaDecision> {
      const id = randomUUID();
      const decision = await accountQuota.admit(userId, units, { id, instanceId: 'test-suite' });
      await server.app.db.deleteFrom('quota_reservations').where('id', '=', id).execute();
      return decision;
    },
    refund: (userId: string, units: number, admittedAt: number) =>
      server.app.db.transaction().execute((trx) => accountQuota.refundIn(trx, userId, units, windowsAt(admittedAt))),
  };
  return { users, quota, usage };
}

/**
 * Units charged to an account, in every hour window (refunds deducted): what a test on the real clock
 * counts, since its work may straddle an hour's start and the current window then holds only part (a
 * job running across 07:00 failed CI that way).
 */
export async function unitsCharged(server: TestServer, userId: string): Promise<number> {
  const rows = await server.app.db.selectFrom('quota_counters').select('used').where('user_id', '=', userId).where('window', '=', 'hour').execute();
  return rows.reduce((sum, row) => sum + Number(row.used), 0);
}
