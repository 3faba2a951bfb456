import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context';
import type { QuotaRepository } from './quota.repository';
import { createQuotaService } from './quota.service';

/** Counters in memory, counting the charges tried and the reads made (the free plan: 100 an hour). */
function countersInMemory() {
  const used = { hour: 0, day: 0 };
  const calls = { charges: 0, reads: 0 };
  const counters = {
    async charge(input: Parameters<QuotaRepository['charge']>[0]) {
      calls.charges += 1;
      if (used.hour + input.units > input.hour.limit) return { refused: 'hour' as const };
      used.hour += input.units;
      used.day += input.units;
      return { hourUsed: used.hour, dayUsed: used.day };
    },
    async used() {
      calls.reads += 1;
      return { ...used };
    },
    async uncharge(_trx: unknown, _userId: string, units: number) {
      used.hour -= units;
      used.day -= units;
    },
  } as unknown as QuotaRepository;
  return { counters, calls };
}

const ctx = { now: () => Date.UTC(2026, 10, 29, 12, 0, 0), dialect: 'sqlite' } as unknown as Pick<AppContext, 'db' | 'now' | 'dialect' | 'config'>;
const reservation = (id: string) => ({ id, instanceId: 'instance-1' });

describe('quota admission', () => {
  it('refuses what cannot fit in the room its last charge left, without trying to charge it', async () => {
    const { counters, calls } = countersInMemory();
    const quota = createQuotaService(ctx, { users: { planOf: async () => 'free' }, counters });
    expect((await quota.admit('user-1', 99, reservation('r0'))).admitted).toBe(true);
    // The first runs alone and takes the last unit; the two queued behind it form the next group.
    const decisions = await Promise.all(['r1', 'r2', 'r3'].map((id) => quota.admit('user-1', 1, reservation(id))));
    expect(decisions.map((decision) => decision.admitted)).toEqual([true, false, false]);
    expect(decisions[2]).toMatchObject({ window: 'hour', hour: { limit: 100, remaining: 0 } });
    // Two charges (99, then 1): none for the refused group, and no read of the counters.
    expect(calls).toEqual({ charges: 2, reads: 0 });
    // A request after them is refused the same way, before it queues behind anyone.
    expect((await quota.admit('user-1', 1, reservation('r4'))).admitted).toBe(false);
    expect(calls).toEqual({ charges: 2, reads: 0 });
  });

  it('tries again after a refund, which makes room the last charge did not show', async () => {
    const { counters, calls } = countersInMemory();
    const quota = createQuotaService(ctx, { users: { planOf: async () => 'free' }, counters });
    expect((await quota.admit('user-1', 100, reservation('r0'))).admitted).toBe(true);
    await quota.refundIn(undefined as never, 'user-1', 1, { hourStart: 0, dayStart: 0 });
    expect((await quota.admit('user-1', 1, reservation('r1'))).admitted).toBe(true);
    expect(calls.charges).toBe(2);
  });
});
