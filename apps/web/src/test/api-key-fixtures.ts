import { defaultApiKeyName } from '@altwise/shared';
import type { ApiKey } from '@altwise/shared';

/** The full key behind apiKeyFixture's mask (what a reveal answers). */
export const FULL_KEY = 'ak_live_0123456789abcdef0123456789abcdef01230123';

/**
 * An API key as GET /v1/api-keys lists it: masked, active, free plan, unused, named as the server
 * names a key created without a name ("Key ending in" its last four); override any field.
 */
export function apiKeyFixture(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_1',
    name: defaultApiKeyName(overrides.apiKey ?? 'ak_live_…0123'),
    apiKey: 'ak_live_…0123',
    masked: true,
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
