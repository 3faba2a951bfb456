import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { DATABASES } from '../../../test/support/test-server';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';

// Deliveries are the webhooks module's own loop, not a side job of the bulk-job dispatcher: an
// instance that runs no job items (WORKERS=none) still sends the account's events (issue 30).
for (const database of DATABASES) {
  describe(`webhook delivery loop (${database})`, () => {
    let env: JobsTestEnv;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver({ path: '/hooks/loop' });
      env = await startJobsEnv(database, { webhookAllow: [receiver.hostPort], env: { WORKERS: 'none' } });
    });
    afterAll(async () => {
      await env.close();
      await receiver.close();
    });

    it('sends an account event from an instance with WORKERS=none', async () => {
      const { token } = await env.proUser();
      expect((await env.server.request('POST', '/api/v1/webhooks/secret', { token })).status).toBe(201);
      expect((await env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
      expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { api: { webhooks: true } } })).status).toBe(200);
      expect((await env.server.request('POST', '/api/v1/api-keys', { token, body: { name: 'Loop' } })).status).toBe(201);
      // A guard against a hang, far above the loop's poll: the event arrives, or the test fails.
      const deadline = Date.now() + 15_000;
      while (!receiver.received.some((request) => request.headers['altwise-event'] === 'api_key.created')) {
        if (Date.now() > deadline) throw new Error(`received ${receiver.received.length} requests, no api_key.created`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(receiver.received.filter((request) => request.headers['altwise-event'] === 'api_key.created')).toHaveLength(1);
    });
  });
}
