import {
  monitorCreateSchema,
  monitorImageListSchema,
  monitorImagesQuerySchema,
  monitorListSchema,
  monitorPageListSchema,
  monitorPagesQuerySchema,
  monitorRunListSchema,
  monitorRunSchema,
  monitorSchema,
  monitorTrendSchema,
  monitorUpdateSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import type { MonitorService } from './monitor.service';

const idParams = z.object({ id: z.string().min(1).max(100) });
const runParams = idParams.extend({ runId: z.string().min(1).max(100) });
const okSchema = z.object({ success: z.literal(true) });

export const monitorsRoutes: FastifyPluginAsyncZod<{ monitors: MonitorService; guards: AuthGuards }> = async (app, { monitors, guards }) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const tags = ['monitors'];
  const userOf = (request: Parameters<typeof callerOf>[0]) => callerOf(request).userId;

  app.post(
    '/api/v1/monitors',
    {
      ...secured,
      schema: {
        tags,
        summary: "Monitor a site: its same-origin pages crawled on a schedule (manual, daily, weekly or a cron expression in UTC), up to maxPages per run (lowered to the plan's pages per run), within the plan's monitors (403 past them)",
        security,
        body: monitorCreateSchema,
        response: { 201: monitorSchema, ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return monitors.create(userOf(request), request.body);
    },
  );

  app.get(
    '/api/v1/monitors',
    { ...secured, schema: { tags, summary: "The account's monitors, newest first", security, response: { 200: monitorListSchema } } },
    async (request) => ({ monitors: await monitors.list(userOf(request)) }),
  );

  app.get(
    '/api/v1/monitors/:id',
    { ...secured, schema: { tags, summary: 'One monitor', security, params: idParams, response: { 200: monitorSchema } } },
    async (request) => monitors.get(userOf(request), request.params.id),
  );

  app.patch(
    '/api/v1/monitors/:id',
    { ...secured, schema: { tags, summary: "Change a monitor's schedule, pages per run or patterns (its site stays)", security, params: idParams, body: monitorUpdateSchema, response: { 200: monitorSchema } } },
    async (request) => monitors.update(userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/monitors/:id',
    { ...secured, schema: { tags, summary: 'Delete a monitor with its runs', security, params: idParams, response: { 200: okSchema } } },
    async (request) => {
      await monitors.remove(userOf(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/monitors/:id/runs',
    {
      ...secured,
      schema: {
        tags,
        summary: "Run the monitor now: the run is queued (202) and crawls in the background; 409 while one is queued or running, 429 past the plan's runs per day",
        security,
        params: idParams,
        response: { 202: monitorRunSchema, ...errorResponses(409, 429) },
      },
    },
    async (request, reply) => {
      reply.status(202);
      return monitors.startRun(userOf(request), request.params.id);
    },
  );

  app.get(
    '/api/v1/monitors/:id/runs',
    { ...secured, schema: { tags, summary: "The monitor's last 100 runs, newest first", security, params: idParams, response: { 200: monitorRunListSchema } } },
    async (request) => ({ runs: await monitors.listRuns(userOf(request), request.params.id) }),
  );

  app.get(
    '/api/v1/monitors/:id/runs/:runId',
    { ...secured, schema: { tags, summary: 'One run: its status, pages, images and what changed since the previous run', security, params: runParams, response: { 200: monitorRunSchema } } },
    async (request) => monitors.getRun(userOf(request), request.params.id, request.params.runId),
  );

  app.get(
    '/api/v1/monitors/:id/runs/:runId/images',
    {
      ...secured,
      schema: { tags, summary: "The run's distinct images (one per resolved URL) with their occurrences, most first; `failing=true` keeps those failing somewhere, `rule` those breaking that rule somewhere", security, params: runParams, querystring: monitorImagesQuerySchema, response: { 200: monitorImageListSchema } },
    },
    async (request) => monitors.images(userOf(request), request.params.id, request.params.runId, request.query),
  );

  app.get(
    '/api/v1/monitors/:id/runs/:runId/pages',
    {
      ...secured,
      schema: { tags, summary: 'The URLs the run read, in order: pages, and what was skipped or failed and why', security, params: runParams, querystring: monitorPagesQuerySchema, response: { 200: monitorPageListSchema } },
    },
    async (request) => monitors.pages(userOf(request), request.params.id, request.params.runId, request.query),
  );

  app.get(
    '/api/v1/monitors/:id/trend',
    { ...secured, schema: { tags, summary: "The monitor's completed runs as a series (coverage, failures, regressions), oldest first", security, params: idParams, response: { 200: monitorTrendSchema } } },
    async (request) => monitors.trend(userOf(request), request.params.id),
  );
};
