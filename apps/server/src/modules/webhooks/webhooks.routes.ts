import { webhookDefaultUpdateSchema, webhookDeliveriesResponseSchema, webhookSecretSchema, webhookSecretStatusSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { JobsService } from '../jobs';
import type { WebhooksService } from './webhooks.service';

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService; jobs: JobsService; guards: AuthGuards }> = async (app, { webhooks, jobs, guards }) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  // Managing webhooks (the signing secret, where events go) needs a signed-in session, as managing
  // API keys does: a leaked key must not rotate the secret or redirect job events. A key still
  // creates jobs with a webhookUrl, signed with the account's secret (issue 18 row 9).
  const sessionOnly = { onRequest: guards.requireUser };
  const sessionSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }];
  const tags = ['jobs'];

  app.post(
    '/api/v1/webhooks/secret',
    {
      ...sessionOnly,
      schema: { tags, summary: 'Create or rotate the webhook signing secret (shown once; the old one stops signing at once)', security: sessionSecurity, response: { 201: webhookSecretSchema } },
    },
    async (request, reply) => reply.status(201).send(await webhooks.rotateSecret(callerOf(request).userId)),
  );

  app.get(
    '/api/v1/webhooks/secret',
    { ...sessionOnly, schema: { tags, summary: 'Whether a signing secret exists (never the secret itself)', security: sessionSecurity, response: { 200: webhookSecretStatusSchema } } },
    async (request) => webhooks.secretStatus(callerOf(request).userId),
  );

  app.put(
    '/api/v1/webhooks/default',
    {
      ...sessionOnly,
      schema: {
        tags,
        summary: 'Set (or clear with null) the default webhook URL of jobs created without one; needs a signing secret, and passes the SSRF guard',
        security: sessionSecurity,
        body: webhookDefaultUpdateSchema,
        response: { 200: webhookSecretStatusSchema },
      },
    },
    async (request) => webhooks.setDefaultUrl(callerOf(request).userId, request.body.url),
  );

  app.get(
    '/api/v1/webhooks/deliveries',
    {
      ...sessionOnly,
      schema: {
        tags,
        summary: "The account events sent to the default webhook URL (Settings → Webhook notifications) and every attempt, latest 100; job.finished events are listed with their job's deliveries",
        security: sessionSecurity,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (request) => ({ items: await webhooks.accountDeliveriesOf(callerOf(request).userId) }),
  );

  app.get(
    '/api/v1/jobs/:id/webhooks',
    {
      ...secured,
      schema: { tags, summary: "A job's webhook deliveries and every attempt (status, duration)", security, params: z.object({ id: z.string().max(100) }), response: { 200: webhookDeliveriesResponseSchema } },
    },
    async (request) => ({ items: await webhooks.deliveriesOf(await jobs.ownedJobId(callerOf(request).userId, request.params.id)) }),
  );
};
