import { LEGAL_DOCUMENTS, legalDocumentSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LegalService } from './legal.service';

export const legalRoutes: FastifyPluginAsyncZod<{ legal: LegalService }> = async (app, { legal }) => {
  app.get(
    '/api/v1/legal/:document',
    {
      schema: {
        tags: ['legal'],
        summary: 'The Terms of Service or the Privacy Policy of this instance',
        description: 'Public. The operator\'s Markdown (TERMS_FILE, PRIVACY_FILE) or the defaults, rendered to sanitised HTML.',
        params: z.object({ document: z.enum(LEGAL_DOCUMENTS) }),
        response: { 200: legalDocumentSchema },
      },
    },
    async (request) => legal.get(request.params.document),
  );
};
