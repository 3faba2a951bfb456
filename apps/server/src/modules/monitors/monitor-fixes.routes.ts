// A run's fix job, fix list and HTML report (monitor-fixes.ts).
import { jobSchema, monitorFixesQuerySchema, monitorFixListSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import type { MonitorFixes } from './monitor-fixes';

const runParams = z.object({ id: z.string().min(1).max(100), runId: z.string().min(1).max(100) });
/** A download's file name: the run's id only (ours, never the site's text). */
const attachment = (runId: string, kind: string, extension: string) => `attachment; filename="altwise-monitor-run-${runId.replace(/[^\w-]/g, '')}-${kind}.${extension}"`;

export const monitorFixesRoutes: FastifyPluginAsyncZod<{ fixes: MonitorFixes; guards: AuthGuards }> = async (app, { fixes, guards }) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const tags = ['monitors'];

  app.post(
    '/api/v1/monitors/:id/runs/:runId/fix',
    {
      ...secured,
      schema: {
        tags,
        summary:
          "Suggest alt text for the run's failing images: one bulk job over its distinct failing images (each with its page's words and purpose), reviewed in the job's queue. 202 when made, 200 with the same job at every later call; 409 before the run completed or when nothing fails; 403 on a plan without bulk jobs",
        security,
        params: runParams,
        response: { 200: jobSchema, 202: jobSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => {
      const { job, created } = await fixes.start(callerOf(request), request.params.id, request.params.runId);
      reply.status(created ? 202 : 200);
      return job;
    },
  );

  app.get(
    '/api/v1/monitors/:id/runs/:runId/fixes',
    {
      ...secured,
      schema: {
        tags,
        summary:
          "The fix list per page: each failing occurrence whose image's suggestion was approved in the review queue of the run's fix job (page, element location, current alt, suggested alt), as JSON or as CSV (format=csv, cells safe for spreadsheets)",
        security,
        params: runParams,
        querystring: monitorFixesQuerySchema,
        produces: ['application/json', 'text/csv'],
        // The JSON answer's schema; the CSV (text/csv) is sent as written, never through it.
        response: { 200: monitorFixListSchema },
      },
    },
    async (request, reply) => {
      const userId = callerOf(request).userId;
      if (request.query.format === 'json') return fixes.list(userId, request.params.id, request.params.runId);
      const csv = await fixes.csv(userId, request.params.id, request.params.runId);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(request.params.runId, 'fixes', 'csv')).send(csv as never);
    },
  );

  app.get(
    '/api/v1/monitors/:id/runs/:runId/report.html',
    { ...secured, schema: { tags, summary: 'The run as a self-contained, printable and dated HTML report: its figures, what changed, its failing images by page', security, params: runParams } },
    async (request, reply) => {
      const html = await fixes.report(callerOf(request).userId, request.params.id, request.params.runId);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', attachment(request.params.runId, 'report', 'html'))
        // Served from our origin with another site's texts in it: no script may run, nothing loads.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      return html;
    },
  );
};
