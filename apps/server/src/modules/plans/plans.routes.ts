import { PLANS, plansResponseSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The enforced plan catalogue (docs/product-decisions.md#plan-catalogues), public: the landing, subscription and key screens read it. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/plans',
    { config: { cacheable: true }, schema: { tags: ['plans'], summary: 'The plan catalogue with limits', response: { 200: plansResponseSchema } } },
    async () => ({ plans: [...PLANS] }),
  );
};
