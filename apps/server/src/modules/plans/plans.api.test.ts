import { plansResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`GET /api/v1/plans (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('serves the in-app catalogue to anyone, with its limits and features', async () => {
      const response = await server.request('GET', '/api/v1/plans');
      expect(response.status).toBe(200);
      const { plans } = plansResponseSchema.parse(response.body);
      expect(plans.map((p) => [p.id, p.price, p.period, p.limits.requestsPerHour, p.limits.requestsPerDay, p.popular, p.batchAllowed])).toEqual([
        ['free', 0, 'forever', 100, 500, false, false],
        ['pro', 29, 'month', 2000, 25000, true, true],
        ['enterprise', 149, 'month', 20000, 250000, false, true],
      ]);
      expect(plans[1]!.features).toEqual(expect.arrayContaining(['Batch processing', 'Email support', 'Usage analytics', 'API webhooks']));
      expect(plans[2]!.features).toEqual(
        expect.arrayContaining(['Custom integrations', 'Dedicated support', 'SLA', 'Custom rate limits', 'On-premise option']),
      );
      expect(plans[0]!.limitations).toContain('No batch processing');
    });
  });
}
