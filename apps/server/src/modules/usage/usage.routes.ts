import { usageQuerySchema, usageResponseSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { UsageService } from './usage.service';

export const usageRoutes: FastifyPluginAsyncZod<{ usage: UsageService; guards: AuthGuards }> = async (
  app,
  { usage, guards },
) => {
  app.get(
    '/api/v1/usage',
    {
      onRequest: guards.requireCaller,
      schema: {
        tags: ['usage'],
        summary: 'Current quota windows, today\'s trends and a usage series (24h hourly; 7d, 30d, 90d daily, UTC)',
        description:
          'Counts are images (a batch of N counts N). totalRequestsToday is every image requested today ' +
          '(success, error and throttled); successRate and errorRate are shares of it. avgResponseTime is ' +
          'the mean processing time of successful requests. Each bucket\'s inputTokens, outputTokens and ' +
          'cachedInputTokens (the "tokens" series) are the tokens the vision provider reported for the model ' +
          'calls in it: a cache hit and the offline describer add none. With X-API-Key, `key` gives that key\'s own usage.',
        security: [{ bearerAuth: [] }, { apiKey: [] }],
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema },
      },
    },
    async (request) => usage.report(callerOf(request), request.query.range),
  );
};
