import { auditListQuerySchema, auditListResponseSchema, auditRequestSchema, auditSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { Idempotency } from '../idempotency';
import { errorResponses } from '../../platform/error-responses';
import { setRateLimitHeaders } from '../usage';
import { preparedAuditSerializer } from './audit-json';
import { auditCsv, auditHtml } from './audit-report';
import type { AuditService } from './audit.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const okSchema = z.object({ success: z.literal(true) });
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Makes a retry safe: the same key and body return the first audit and charge nothing again.'),
});

/** A download name from the audit id alone: nothing from the audited page reaches a header. */
const attachment = (id: string, extension: string) => `attachment; filename="altwise-audit-${id.replace(/[^\w-]/g, '')}.${extension}"`;

export const auditsRoutes: FastifyPluginAsyncZod<{ audits: AuditService; guards: AuthGuards; idempotency: Idempotency }> = async (
  app,
  { audits, guards, idempotency },
) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

  app.post(
    '/api/v1/audits',
    {
      ...secured,
      serializerCompiler: preparedAuditSerializer,
      schema: {
        tags: ['audits'],
        summary:
          'Audit the images of one HTML page, the first 2,000 of them (with suggest: true, alt text for every missing or poor one, each charged as a generation; more than 50 run as a bulk job, given in `job`). Counted against the account\'s audits per hour (429 past them).',
        security,
        headers: idempotencyHeader,
        body: auditRequestSchema,
        response: { 201: auditSchema, ...errorResponses(403, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.status(201);
      return idempotency.handle(request, reply, caller.userId, request.body, async (requestRef) => {
        const { result, quota } = await audits.create(caller, request.body, requestRef);
        if (quota) setRateLimitHeaders(reply, quota);
        return result;
      });
    },
  );

  app.get(
    '/api/v1/audits',
    {
      ...secured,
      schema: { tags: ['audits'], summary: "The account's audits, newest first, without their images (cursor pagination)", security, querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } },
    },
    async (request) => audits.list(callerOf(request).userId, request.query),
  );

  app.get(
    '/api/v1/audits/:id',
    { ...secured, serializerCompiler: preparedAuditSerializer, schema: { tags: ['audits'], summary: "One audit with every image (with a bulk job, its suggestions once the job is over)", security, params: idParams, response: { 200: auditSchema } } },
    async (request) => audits.get(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/api/v1/audits/:id/report.csv',
    { ...secured, schema: { tags: ['audits'], summary: 'The audit as CSV, one row per image', security, params: idParams } },
    async (request, reply) => {
      const audit = await audits.get(callerOf(request).userId, request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(audit.id, 'csv'));
      return auditCsv(audit);
    },
  );

  app.get(
    '/api/v1/audits/:id/report.html',
    { ...secured, schema: { tags: ['audits'], summary: 'A self-contained HTML report to share', security, params: idParams } },
    async (request, reply) => {
      const audit = await audits.get(callerOf(request).userId, request.params.id);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', attachment(audit.id, 'html'))
        // Served from our origin with another site's texts in it: no script may ever run, images may load.
        .header('content-security-policy', "default-src 'none'; img-src http: https:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      return auditHtml(audit);
    },
  );

  app.delete(
    '/api/v1/audits/:id',
    { ...secured, schema: { tags: ['audits'], summary: 'Delete an audit from the history', security, params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await audits.remove(callerOf(request).userId, request.params.id);
      return { success: true as const };
    },
  );
};
