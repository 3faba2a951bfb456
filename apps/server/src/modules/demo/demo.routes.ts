import multipart from '@fastify/multipart';
import { VALIDATION, batchRequestSchema, demoInfoSchema, demoResponseSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/error-responses';
import { AppError } from '../../platform/errors';
import { multipartLimits, readUpload, uploadFormDocs } from '../../platform/multipart-upload';
import type { DemoService } from './demo.service';
import { DEMO_MAX_BYTES } from './demo.service';

// The shared http(s) URL rule, as used by every image URL of the API.
const imageUrlSchema = batchRequestSchema.shape.imageUrls.element;

const demoRequestSchema = z.object({
  imageUrl: z.string({ message: VALIDATION.demoInputRequired }).pipe(imageUrlSchema),
});

export const demoRoutes: FastifyPluginAsyncZod<{ demo: DemoService }> = async (app, { demo }) => {
  await app.register(multipart, { limits: multipartLimits(DEMO_MAX_BYTES) });

  app.get(
    '/api/v1/demo',
    {
      schema: {
        tags: ['demo'],
        summary: 'Public: whether the demo (and this instance) describes images with a vision model',
        response: { 200: demoInfoSchema },
      },
    },
    async () => demo.info(),
  );

  app.post(
    '/api/v1/demo',
    {
      config: { documentedBodies: { 'application/json': demoRequestSchema, 'multipart/form-data': uploadFormDocs() } },
      schema: {
        tags: ['demo'],
        summary: 'Public demo: alt text for one image URL or uploaded file (5 MB), 10 per hour per visitor',
        consumes: ['application/json', 'multipart/form-data'],
        // Nullish so a multipart request (its body is null until read) reaches the handler, which reads it.
        body: demoRequestSchema.nullish(),
        response: { 200: demoResponseSchema, ...errorResponses(422, 429, 502, 503, 504) },
      },
    },
    async (request) =>
      demo.describe(request.ip, async () => {
        if (request.isMultipart()) {
          const upload = await readUpload(request);
          return { bytes: upload.bytes, fileName: upload.fileName };
        }
        if (!request.body) throw AppError.badRequest(VALIDATION.demoInputRequired);
        return { url: request.body.imageUrl };
      }),
  );
};
