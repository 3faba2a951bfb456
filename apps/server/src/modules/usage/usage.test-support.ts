// Services of the usage module built over a running test server's database, so suites can charge
// quotas and record events at chosen times without a generation endpoint in the way.
import type { TestServer } from '../../../test/support/test-server';
import type { AppContext } from '../../platform/context';
import { createUserService } from '../users/user.service';
import { createQuotaService } from './quota.service';
import { createUsageService } from './usage.service';

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
  const ctx = { db: server.app.db, now };
  const users = createUserService(ctx as AppContext);
  const quota = createQuotaService(ctx, { users });
  const usage = createUsageService(ctx, { quota });
  return { users, quota, usage };
}
