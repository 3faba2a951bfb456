import type { ApiKey } from '@altwise/shared';

/** An API key as GET /v1/api-keys lists it: active, free plan, unused; override any field. */
export function apiKeyFixture(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_1',
    apiKey: 'ak_live_0123456789abcdef0123',
    userId: 'u_1',
    plan: 'free',
    limits: { requestsPerHour: 100, requestsPerDay: 500 },
    remainingRequests: { hour: 100, day: 500 },
    usage: { hour: 0, day: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    lastUsedAt: null,
    status: 'active',
    ...overrides,
  };
}
