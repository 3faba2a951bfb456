import { webhookDeliveriesResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';
import { verifySignature } from './webhook-signature';

// Settings → "Webhook notifications": account events (limit reached, key created or revoked, job
// finished) go to the account's default webhook URL, signed as job webhooks are, each once.
const ACCOUNT_EVENTS = ['account.limit_reached', 'api_key.created', 'api_key.revoked', 'job.finished'];

for (const database of DATABASES) {
  describe(`account events on webhooks (${database})`, () => {
    let env: JobsTestEnv;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver({ path: '/hooks/account' });
      env = await startJobsEnv(database, { webhookAllow: [receiver.hostPort], webhookRetryBaseMs: 300 });
    });
    afterAll(async () => {
      await env.close();
      await receiver.close();
    });

    /** A signing secret and the receiver as default URL; the switch as given. */
    async function account(token: string, options: { webhooks: boolean; defaultUrl: boolean }) {
      const { body: secret } = await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      if (options.defaultUrl) expect((await env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
      if (options.webhooks) expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { api: { webhooks: true } } })).status).toBe(200);
      return secret.secret as string;
    }
    const queued = (userId: string) =>
      env.server.app.db.selectFrom('webhook_deliveries').select(['event', 'status']).where('user_id', '=', userId).where('event', 'in', ACCOUNT_EVENTS).execute();
    /** The account events the receiver got for this user, by their payloads. */
    const receivedBy = (userId: string) =>
      receiver.received
        .map((request) => ({ request, payload: JSON.parse(request.body) as { id: string; type: string; data: Record<string, unknown> } }))
        .filter(({ payload }) => ACCOUNT_EVENTS.includes(payload.type) && deliveryOwners.get(payload.id) === userId);
    // Delivery id → account, read from the database (payloads do not name the account).
    const deliveryOwners = new Map<string, string>();
    async function settled(userId: string): Promise<void> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const rows = await env.server.app.db.selectFrom('webhook_deliveries').select(['id', 'status']).where('user_id', '=', userId).execute();
        for (const row of rows) deliveryOwners.set(row.id, userId);
        if (rows.every((row) => row.status !== 'pending')) return;
        if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(rows)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const generate = async (apiKey: string, imageUrl: string, count: number) =>
      (await Promise.all(Array.from({ length: count }, () => env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl } })))).map((response) => response.status);

    it('switch off (the default): nothing is queued or sent for keys, jobs or limits', async () => {
      const { token, userId } = await env.proUser();
      await account(token, { webhooks: false, defaultUrl: true });
      const key = await env.server.request('POST', '/api/v1/api-keys', { token, body: { name: 'Off' } });
      expect(key.status).toBe(201);
      expect((await env.server.request('DELETE', `/api/v1/api-keys/${key.body.id}`, { token })).status).toBeLessThan(300);
      const job = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: (await env.hostImages(2)).map((imageUrl) => ({ imageUrl })) } });
      await env.waitFor(token, job.body.id);
      // The job's own webhook (the default URL) still goes; once it has, no account event was among them.
      await settled(userId);
      expect(receiver.received.some((request) => JSON.parse(request.body).data?.job?.id === job.body.id)).toBe(true);
      expect(await queued(userId)).toEqual([]);
      expect(receivedBy(userId)).toEqual([]);
    });

    it('switch on: api_key.created, api_key.revoked, job.finished (completed and cancelled) each once, signed', async () => {
      const { token, userId } = await env.proUser();
      const secret = await account(token, { webhooks: true, defaultUrl: true });
      const key = await env.server.request('POST', '/api/v1/api-keys', { token, body: { name: 'Deploy bot' } });
      expect(key.status).toBe(201);
      // Queued in the key's own transaction: there before the answer left.
      expect((await queued(userId)).map((row) => row.event)).toEqual(['api_key.created']);
      expect((await env.server.request('DELETE', `/api/v1/api-keys/${key.body.id}`, { token })).status).toBeLessThan(300);

      const done = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: (await env.hostImages(2)).map((imageUrl) => ({ imageUrl })) } });
      await env.waitFor(token, done.body.id);

      // The model answers nothing until the cancel is in: the job is running at the cancel however
      // slow the machine (not a model latency a slow test could outlast).
      env.vision.hold();
      let cancelledId: string;
      try {
        const long = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: (await env.hostImages(40)).map((imageUrl) => ({ imageUrl })) } });
        cancelledId = long.body.id;
        await env.waitFor(token, cancelledId, (job) => job.status === 'running');
        expect((await env.server.request('POST', `/api/v1/jobs/${cancelledId}/cancel`, { token })).status).toBe(200);
        env.vision.release();
        await env.waitFor(token, cancelledId, (job) => job.counts.pending === 0);
      } finally {
        env.vision.release();
        env.vision.reset();
      }
      await settled(userId);

      const events = receivedBy(userId);
      expect(events.map(({ payload }) => payload.type).sort()).toEqual(['api_key.created', 'api_key.revoked', 'job.finished', 'job.finished']);
      expect(new Set(events.map(({ payload }) => payload.id)).size).toBe(events.length);
      for (const { request, payload } of events) {
        expect(request.headers['altwise-event']).toBe(payload.type);
        expect(verifySignature(secret, request.body, request.headers['altwise-signature'] as string, Math.floor(Date.now() / 1000))).toBe(true);
      }
      const byType = (type: string) => events.filter(({ payload }) => payload.type === type).map(({ payload }) => payload.data);
      expect(byType('api_key.created')).toEqual([{ apiKey: { id: key.body.id, name: 'Deploy bot', createdAt: key.body.createdAt } }]);
      expect(byType('api_key.revoked')).toEqual([{ apiKey: { id: key.body.id, name: 'Deploy bot', revokedAt: expect.any(String) } }]);
      // The key itself is never in an event.
      expect(events.some(({ request }) => request.body.includes(key.body.apiKey))).toBe(false);
      const finished = byType('job.finished').map((data) => data.job as { id: string; status: string });
      expect(finished.map((job) => [job.id, job.status]).sort()).toEqual([
        [done.body.id, 'completed'],
        [cancelledId, 'cancelled'],
      ].sort());
      // Listed with the job's own deliveries.
      const listed = webhookDeliveriesResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${done.body.id}/webhooks`, { token })).body);
      expect(listed.items.filter((item) => item.event === 'job.finished')).toMatchObject([{ status: 'delivered', url: receiver.url }]);
      // The account's other events: GET /v1/webhooks/deliveries.
      const accountEvents = webhookDeliveriesResponseSchema.parse((await env.server.request('GET', '/api/v1/webhooks/deliveries', { token })).body);
      expect(accountEvents.items.map((item) => [item.event, item.status]).sort()).toEqual([
        ['api_key.created', 'delivered'],
        ['api_key.revoked', 'delivered'],
      ]);
    });

    it('switch on: account.limit_reached at 80 % and 100 % of the hourly limit, once each however many requests follow', async () => {
      // A free account: 100 an hour, 500 a day.
      const { token, user } = await registerUser(env.server);
      const userId = user.userId as string;
      const secret = await account(token, { webhooks: true, defaultUrl: true });
      const apiKey = (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
      const [imageUrl] = await env.hostImages(1);
      const statuses = await generate(apiKey, imageUrl!, 110);
      expect(statuses.filter((status) => status === 200)).toHaveLength(100);
      expect((await generate(apiKey, imageUrl!, 10)).every((status) => status === 429)).toBe(true);
      await settled(userId);
      const limits = receivedBy(userId).filter(({ payload }) => payload.type === 'account.limit_reached');
      expect(limits.map(({ payload }) => payload.data).sort((a, b) => Number(a.level) - Number(b.level))).toEqual([
        { window: 'hour', level: 80, limit: 100, windowStart: expect.any(String), resetAt: expect.any(String) },
        { window: 'hour', level: 100, limit: 100, windowStart: expect.any(String), resetAt: expect.any(String) },
      ]);
      for (const { request } of limits) expect(verifySignature(secret, request.body, request.headers['altwise-signature'] as string, Math.floor(Date.now() / 1000))).toBe(true);
    });

    it('switch on without a default URL: nothing queued, and every action still answers as usual', async () => {
      const { token, userId } = await env.proUser();
      await account(token, { webhooks: true, defaultUrl: false });
      const key = await env.server.request('POST', '/api/v1/api-keys', { token, body: { name: 'No URL' } });
      expect(key.status).toBe(201);
      expect((await env.server.request('DELETE', `/api/v1/api-keys/${key.body.id}`, { token })).status).toBeLessThan(300);
      const job = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: (await env.hostImages(1)).map((imageUrl) => ({ imageUrl })) } });
      expect(job.status, JSON.stringify(job.body)).toBe(202);
      expect((await env.waitFor(token, job.body.id)).status).toBe('completed');
      expect(await queued(userId)).toEqual([]);
    });
  });
}
