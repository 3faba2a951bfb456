import {
  bulkReviewRequestSchema,
  bulkReviewResponseSchema,
  reviewCountsSchema,
  reviewQueueQuerySchema,
  reviewQueueResponseSchema,
  undoReviewRequestSchema,
  undoReviewResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { JobReviewService } from './job-review.service';

const idParams = z.object({ id: z.string().max(100) });

/** The review of a job at any size: the grouped queue, its counts, bulk reviews and their undo. */
export const jobReviewRoutes: FastifyPluginAsyncZod<{ review: JobReviewService; guards: AuthGuards }> = async (app, { review, guards }) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const tags = ['jobs'];

  app.get(
    '/api/v1/jobs/:id/review-queue',
    {
      ...secured,
      schema: {
        tags,
        summary: 'The items to review, each group of identical images once with the rows it covers (cursor pagination, filters)',
        security,
        params: idParams,
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueResponseSchema },
      },
    },
    async (request) => review.queue(callerOf(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/v1/jobs/:id/review-queue/counts',
    { ...secured, schema: { tags, summary: 'Groups and rows for every filter, and how many groups pass the checker or are drafts', security, params: idParams, response: { 200: reviewCountsSchema } } },
    async (request) => review.counts(callerOf(request).userId, request.params.id),
  );

  app.post(
    '/api/v1/jobs/:id/reviews',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Approve or reject many results at once (given ids, or a filter; up to 1,000 groups a request; drafts are never approved in bulk); answers an undo token',
        security,
        params: idParams,
        body: bulkReviewRequestSchema,
        response: { 200: bulkReviewResponseSchema },
      },
    },
    async (request) => review.bulk(callerOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/v1/jobs/:id/reviews/undo',
    {
      ...secured,
      schema: { tags, summary: 'Undo a bulk review: rows it changed go back as they were, except rows reviewed again since (idempotent)', security, params: idParams, body: undoReviewRequestSchema, response: { 200: undoReviewResponseSchema } },
    },
    async (request) => review.undo(callerOf(request).userId, request.params.id, request.body.undoToken),
  );
};
