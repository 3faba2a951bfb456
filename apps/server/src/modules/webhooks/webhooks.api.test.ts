import { webhookDeliveriesResponseSchema } from '@altwise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedWebhook, WebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { startWebhookReceiver } from '@altwise/test-support/webhook-receiver';
import { DATABASES } from '../../../test/support/test-server';
import type { JobsTestEnv } from '../jobs/jobs.test-support';
import { startJobsEnv } from '../jobs/jobs.test-support';
import { verifySignature } from './webhook-signature';

for (const database of DATABASES) {
  describe(`job webhooks (${database})`, () => {
    let env: JobsTestEnv;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver({ path: '/hooks/altwise' });
      env = await startJobsEnv(database, { webhookAllow: [receiver.hostPort], webhookRetryBaseMs: 300 });
    });
    afterAll(async () => {
      await env.close();
      await receiver.close();
    });

    it('shows the signing secret once, then only whether it exists', async () => {
      const { token } = await env.proUser();
      expect((await env.server.request('GET', '/api/v1/webhooks/secret', { token })).body).toEqual({ configured: false, createdAt: null, defaultUrl: null });
      const created = await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9]{40}$/);
      const status = await env.server.request('GET', '/api/v1/webhooks/secret', { token });
      expect(status.body).toEqual({ configured: true, createdAt: created.body.createdAt, defaultUrl: null });
      const stored = await env.server.app.db.selectFrom('webhook_secrets').select('secret_ciphertext').executeTakeFirstOrThrow();
      expect(stored.secret_ciphertext).not.toContain(created.body.secret.slice(6));
    });

    it('delivers job.completed signed over "t.body", retrying after a 500, every attempt recorded', async () => {
      const { token } = await env.proUser();
      const { body: secret } = await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      const urls = await env.hostImages(2);
      receiver.received.length = 0;
      receiver.statuses.push(500);
      const { body, status } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })), webhookUrl: receiver.url } });
      expect(status).toBe(202);
      expect(body.webhookUrl).toBe(receiver.url);
      await env.waitFor(token, body.id);
      const deadline = Date.now() + 10_000;
      let completed: ReceivedWebhook[] = [];
      while ((completed = receiver.received.filter((request) => request.headers['altwise-event'] === 'job.completed')).length === 0 || receiver.received.length < 2) {
        if (Date.now() > deadline) throw new Error(`received ${receiver.received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const delivered = completed.at(-1)!;
      expect(verifySignature(secret.secret, delivered.body, delivered.headers['altwise-signature'] as string, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature('whsec_wrong', delivered.body, delivered.headers['altwise-signature'] as string, Math.floor(Date.now() / 1000))).toBe(false);
      const payload = JSON.parse(delivered.body);
      expect(payload).toMatchObject({ type: 'job.completed', data: { job: { id: body.id, status: 'completed', counts: { succeeded: 2 } } } });

      const deliveries = await (async () => {
        for (;;) {
          const answer = webhookDeliveriesResponseSchema.parse((await env.server.request('GET', `/api/v1/jobs/${body.id}/webhooks`, { token })).body);
          if (answer.items.every((item) => item.status !== 'pending')) return answer.items;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const statuses = deliveries.flatMap((delivery) => delivery.attempts.map((attempt) => attempt.status));
      // The first attempt of all (whichever event) got the 500 and was retried.
      expect(statuses.filter((code) => code === 500)).toHaveLength(1);
      const retried = deliveries.find((delivery) => delivery.attempts.length === 2)!;
      expect(retried.attempts[0]!.status).toBe(500);
      // A job.progress whose retry fell after the job's end is dropped, never sent late (issue 20).
      if (retried.event === 'job.progress') expect(retried).toMatchObject({ status: 'failed', attempts: [{ status: 500 }, { status: null, error: 'Not sent: the job has ended' }] });
      else expect(retried.attempts[1]!.status).toBe(200);
      for (const delivery of deliveries.filter((other) => other !== retried)) {
        if (delivery.status !== 'delivered') expect(delivery).toMatchObject({ event: 'job.progress', status: 'failed', attempts: [{ status: null, error: 'Not sent: the job has ended' }] });
      }
      expect(deliveries.map((delivery) => delivery.event)).toContain('job.completed');
    });

    it('records job.completed in the same transaction as the end of the job: no end without its webhook', async () => {
      const { token } = await env.proUser();
      await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      const urls = await env.hostImages(2);
      const db = env.server.app.db;
      // The database refuses to store job.completed: as if the process died between the two writes.
      if (database === 'sqlite') {
        await sql`create trigger refuse_completed before insert on webhook_deliveries when new.event = 'job.completed' begin select raise(abort, 'refused'); end`.execute(db);
      } else {
        await sql`create function refuse_completed() returns trigger language plpgsql as $$ begin if new.event = 'job.completed' then raise exception 'refused'; end if; return new; end $$`.execute(db);
        await sql`create trigger refuse_completed before insert on webhook_deliveries for each row execute function refuse_completed()`.execute(db);
      }
      let id: string;
      try {
        const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: urls.map((imageUrl) => ({ imageUrl })), webhookUrl: receiver.url } });
        id = body.id;
        await env.waitFor(token, id, (job) => job.counts.succeeded === 2);
        // Each attempt to end the job rolls back whole. No fixed sleep: a later job ends in a
        // follow-up pass after this one's items settled, and every pass tries each job it was told
        // of, so once the later job is completed this one's end has been tried (and refused).
        const later = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: (await env.hostImages(1))[0]! }] } });
        expect((await env.waitFor(token, later.body.id)).status).toBe('completed');
        expect((await env.server.request('GET', `/api/v1/jobs/${id}`, { token })).body.status).toBe('running');
      } finally {
        await sql`drop trigger refuse_completed${sql.raw(database === 'sqlite' ? '' : ' on webhook_deliveries')}`.execute(db);
        if (database !== 'sqlite') await sql`drop function refuse_completed()`.execute(db);
      }
      // Once the webhook can be stored, the next sweep ends the job and stores its webhook, once.
      expect(await env.waitFor(token, id, undefined, 20_000)).toMatchObject({ status: 'completed' });
      const events = await db.selectFrom('webhook_deliveries').select('event').where('job_id', '=', id).where('event', '=', 'job.completed').execute();
      expect(events).toHaveLength(1);
    });

    it('refuses a webhook URL the SSRF guard blocks, and one without a signing secret', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const noSecret = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }], webhookUrl: receiver.url } });
      expect(noSecret.status).toBe(400);
      await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      for (const blocked of ['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://10.0.0.1/x']) {
        const response = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }], webhookUrl: blocked } });
        expect(response.status, blocked).toBe(400);
        expect(response.body.error.code).toBe('url_not_allowed');
      }
      expect((await env.server.request('GET', '/api/v1/jobs', { token })).body.items).toEqual([]);
    });

    it('uses the account default webhook URL for jobs without one; it needs a secret and passes the SSRF guard', async () => {
      const { token } = await env.proUser();
      const [url] = await env.hostImages(1);
      const setDefault = (value: string | null) => env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: value } });
      expect((await setDefault(receiver.url)).status).toBe(400);
      await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      const blocked = await setDefault('http://169.254.169.254/latest/meta-data');
      expect(blocked.status).toBe(400);
      expect(blocked.body.error.code).toBe('url_not_allowed');
      expect((await setDefault('not a url')).status).toBe(400);
      const saved = await setDefault(receiver.url);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ configured: true, defaultUrl: receiver.url });
      expect((await env.server.request('GET', '/api/v1/webhooks/secret', { token })).body.defaultUrl).toBe(receiver.url);
      // Another account's jobs are not affected.
      const other = await env.proUser();
      const theirs = await env.server.request('POST', '/api/v1/jobs', { token: other.token, body: { items: [{ imageUrl: url }] } });
      expect(theirs.body.webhookUrl).toBeNull();

      const { body } = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      expect(body.webhookUrl).toBe(receiver.url);
      await env.waitFor(token, body.id);
      for (const deadline = Date.now() + 10_000; !receiver.received.some((request) => JSON.parse(request.body).data.job.id === body.id && request.headers['altwise-event'] === 'job.completed'); ) {
        if (Date.now() > deadline) throw new Error('job.completed never reached the default URL');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Cleared: the next job notifies nobody.
      expect((await setDefault(null)).body.defaultUrl).toBeNull();
      const quiet = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }] } });
      expect(quiet.body.webhookUrl).toBeNull();
    });

    it('manages webhooks only with a signed-in session; an API key still creates jobs signed with the secret', async () => {
      const { token } = await env.proUser();
      const { body: secret } = await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      const { apiKey } = (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body;
      // A leaked key must not rotate the signing secret, redirect job events or read where they go.
      const rotate = await env.server.request('POST', '/api/v1/webhooks/secret', { apiKey });
      expect(rotate.status).toBe(401);
      expect(rotate.body.secret).toBeUndefined();
      expect((await env.server.request('PUT', '/api/v1/webhooks/default', { apiKey, body: { url: receiver.url } })).status).toBe(401);
      expect((await env.server.request('GET', '/api/v1/webhooks/secret', { apiKey })).status).toBe(401);
      expect((await env.server.request('GET', '/api/v1/webhooks/secret', { token })).body).toMatchObject({ configured: true, defaultUrl: null });

      const [url] = await env.hostImages(1);
      receiver.received.length = 0;
      const { body, status } = await env.server.request('POST', '/api/v1/jobs', { apiKey, body: { items: [{ imageUrl: url }], webhookUrl: receiver.url } });
      expect(status).toBe(202);
      await env.waitFor(token, body.id);
      let completed: ReceivedWebhook | undefined;
      for (const deadline = Date.now() + 10_000; !(completed = receiver.received.find((request) => JSON.parse(request.body).data.job.id === body.id && request.headers['altwise-event'] === 'job.completed')); ) {
        if (Date.now() > deadline) throw new Error('job.completed never arrived');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Signed with the secret the session created (the key's attempt to rotate it changed nothing).
      expect(verifySignature(secret.secret, completed.body, completed.headers['altwise-signature'] as string, Math.floor(Date.now() / 1000))).toBe(true);
      // The key reads its job's deliveries, as it reads the job.
      expect((await env.server.request('GET', `/api/v1/jobs/${body.id}/webhooks`, { apiKey })).status).toBe(200);
    });

    it('does not let an image-only allow entry (IMAGE_FETCH_ALLOW) receive webhooks: that is WEBHOOK_ALLOW', async () => {
      const { token } = await env.proUser();
      await env.server.request('POST', '/api/v1/webhooks/secret', { token });
      const [url] = await env.hostImages(1);
      // The image host is allowed for images only.
      const imageHostHook = `${env.host.url}/hooks/altwise`;
      const asDefault = await env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: imageHostHook } });
      expect(asDefault.status).toBe(400);
      expect(asDefault.body.error.code).toBe('url_not_allowed');
      const asJobHook = await env.server.request('POST', '/api/v1/jobs', { token, body: { items: [{ imageUrl: url }], webhookUrl: imageHostHook } });
      expect(asJobHook.status).toBe(400);
      expect(asJobHook.body.error.code).toBe('url_not_allowed');
      // The receiver, in WEBHOOK_ALLOW, is accepted.
      expect((await env.server.request('PUT', '/api/v1/webhooks/default', { token, body: { url: receiver.url } })).status).toBe(200);
    });

    it("answers 404 for another account's deliveries", async () => {
      const owner = await env.proUser();
      const other = await env.proUser();
      const [url] = await env.hostImages(1);
      const { body } = await env.server.request('POST', '/api/v1/jobs', { token: owner.token, body: { items: [{ imageUrl: url }] } });
      expect((await env.server.request('GET', `/api/v1/jobs/${body.id}/webhooks`, { token: other.token })).status).toBe(404);
    });
  });
}
