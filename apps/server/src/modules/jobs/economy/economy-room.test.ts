import { describe, expect, it } from 'vitest';
import type { JobQuotaStatus } from '../job-estimate';
import { createEconomyCoordinator } from './economy-coordinator';

const HOUR_RESET = 3_600_000;
const status = (hourLeft: number): JobQuotaStatus => ({
  plan: 'pro',
  hour: { limit: 2000, remaining: hourLeft, resetAt: HOUR_RESET },
  day: { limit: 25_000, remaining: 20_000, resetAt: 86_400_000 },
});

/**
 * One pass of a coordinator over one economy job whose account had no room when its quota was first
 * read; `unsettled` is the account's "anything admitted and not settled?" answer, and `between` runs
 * just before it (what another transaction committed in the meantime). Returns what the pass did.
 */
async function onePass(unsettled: boolean, between: () => void, quotaNow: () => JobQuotaStatus) {
  const did: string[] = [];
  let jobsToSubmit = [{ id: 'job-1', user_id: 'user-1', options: '{}' }];
  const coordinator = createEconomyCoordinator({
    now: () => 0,
    owner: 'instance-1',
    aliveSince: () => 0,
    client: { provider: 'openai' },
    engine: {},
    generation: {},
    reservations: {
      unsettled: async () => {
        between();
        return unsettled;
      },
    },
    repository: {
      jobsToSubmit: async () => {
        const found = jobsToSubmit;
        jobsToSubmit = [];
        return found;
      },
      // Stops the pass before a batch is opened: the number asked for is what the test reads.
      waitingItems: async (_jobId: string, _now: number, limit: number) => {
        did.push(`asked for ${limit} items`);
        return 0;
      },
      takeBatch: async () => undefined,
    },
    jobs: {
      setWaiting: async (_jobId: string, until: number) => {
        did.push(`waits until ${until}`);
      },
    },
    quotaStatus: async () => quotaNow(),
    pollMs: 60_000,
    batchMaxItems: 1000,
    settled: async () => undefined,
    logger: { warn: (error: unknown) => did.push(`warned ${JSON.stringify(error)}`) },
  } as unknown as Parameters<typeof createEconomyCoordinator>[0]);
  coordinator.start();
  await coordinator.stop();
  return did;
}

describe('an economy job with no room in its quota', () => {
  it('takes the units a refund gave back between its quota read and its unsettled check, instead of waiting for the reset', async () => {
    let left = 0;
    const did = await onePass(false, () => (left = 5), () => status(left));
    expect(did).toEqual(['asked for 5 items']);
  });

  it('waits for the hour to reset when nothing is unsettled and there is still no room', async () => {
    expect(await onePass(false, () => undefined, () => status(0))).toEqual([`waits until ${HOUR_RESET}`]);
  });

  it('looks again at the next pass, without waiting, while units are unsettled', async () => {
    expect(await onePass(true, () => undefined, () => status(0))).toEqual([]);
  });
});
