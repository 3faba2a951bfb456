import {
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  revealApiKeyResponseSchema,
  validateApiKeyRequestSchema,
  validateApiKeyResponseSchema,
} from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import type { ApiKeyService } from './api-key.service';
import { errorResponses } from '../../platform/error-responses';

const okSchema = z.object({ success: z.literal(true) });

export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeyService; guards: AuthGuards }> = async (
  app,
  { apiKeys, guards },
) => {
  const secured = { onRequest: guards.requireUser };
  const security = [{ bearerAuth: [] }];

  app.get(
    '/api/v1/api-keys',
    {
      ...secured,
      schema: {
        tags: ['api-keys'],
        summary:
          "The account's active keys, oldest first, masked (reveal one with POST /api/v1/api-keys/{id}/reveal)",
        security,
        response: { 200: apiKeyListResponseSchema },
      },
    },
    async (request) => ({ apiKeys: await apiKeys.list(callerOf(request).userId) }),
  );

  app.post(
    '/api/v1/api-keys',
    {
      ...secured,
      schema: {
        tags: ['api-keys'],
        summary: `Create a key (at most 10 active per account; plan in the body is ignored)`,
        security,
        body: createApiKeyRequestSchema,
        response: { 201: apiKeySchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await apiKeys.create(callerOf(request).userId, request.body ?? {})),
  );

  app.post(
    '/api/v1/api-keys/validate',
    {
      ...secured,
      schema: {
        tags: ['api-keys'],
        summary: 'Whether a key is active and belongs to the caller',
        security,
        body: validateApiKeyRequestSchema,
        response: { 200: validateApiKeyResponseSchema },
      },
    },
    async (request) => ({ valid: await apiKeys.validate(callerOf(request).userId, request.body.apiKey) }),
  );

  app.post(
    '/api/v1/api-keys/:id/reveal',
    {
      ...secured,
      schema: {
        tags: ['api-keys'],
        summary: 'The full key, for its owner (rate-limited; each reveal is recorded)',
        security,
        params: apiKeyIdParamsSchema,
        response: { 200: revealApiKeyResponseSchema },
      },
    },
    async (request) => ({
      apiKey: await apiKeys.reveal(callerOf(request).userId, request.params.id, request.ip),
    }),
  );

  app.delete(
    '/api/v1/api-keys/:id',
    {
      ...secured,
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke a key at once',
        security,
        params: apiKeyIdParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await apiKeys.revoke(callerOf(request).userId, request.params.id);
      return { success: true as const };
    },
  );
};
