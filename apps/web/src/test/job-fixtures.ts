import type { Job } from '@altwise/sdk';

/** A finished two-item job, as GET /v1/jobs/:id answers it; `overrides` change any field. */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    name: 'products.csv',
    status: 'completed',
    total: 2,
    counts: { total: 2, succeeded: 2, failed: 0, pending: 0, cancelled: 0, skipped: 0 },
    webhookUrl: null,
    createdAt: '2026-11-27T12:00:00.000Z',
    startedAt: '2026-11-27T12:00:01.000Z',
    finishedAt: '2026-11-27T12:00:05.000Z',
    etaSeconds: null,
    waitingForQuotaUntil: null,
    rowErrors: [],
    distinctImages: 2,
    estimate: { units: 0, deduplicated: true, remaining: { hourly: 100, daily: 500 }, finishesAt: null, basis: '' },
    mode: 'standard',
    effectiveMode: 'standard',
    modeNote: null,
    ...overrides,
  };
}
