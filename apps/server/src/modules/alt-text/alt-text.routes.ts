import multipart from '@fastify/multipart';
import {
  altTextResultSchema,
  batchRequestSchema,
  batchResponseSchema,
  checkRequestSchema,
  checkResponseSchema,
  generateRequestSchema,
  generationOptionsSchema,
  historyQuerySchema,
  historyResponseSchema,
} from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { AppError } from '../../platform/errors';
import { setRateLimitHeaders } from '../../platform/metering';
import type { AltTextService, GenerateInput } from './alt-text.service';
import { decodedImageData, registerImageJsonBodyParser } from './image-json-body';
import { decodeBase64Image, fieldsToOptions, multipartLimits, parseOrThrow, readUpload, uploadFormDocs } from './image-upload';

/** base64 grows bytes by 4/3; the rest is room for the other JSON fields and a data: prefix. */
export function jsonImageBodyLimit(maxImageBytes: number): number {
  return Math.ceil((maxImageBytes * 4) / 3) + 64 * 1024;
}

type GenerateBody = z.output<typeof generateRequestSchema>;

/** JSON gives `imageUrl` or base64 `imageData`; multipart gives a `file` and text fields. */
async function generateInput(request: FastifyRequest, body: GenerateBody | null | undefined): Promise<GenerateInput> {
  if (request.isMultipart()) {
    const upload = await readUpload(request);
    const options = parseOrThrow(generationOptionsSchema, fieldsToOptions(upload.fields));
    return { ...options, image: { bytes: upload.bytes, fileName: upload.fileName } };
  }
  if (!body) throw AppError.badRequest('Send JSON with imageUrl or imageData, or a multipart form with a file');
  const { imageUrl, imageData, fileName, ...options } = body;
  const image = imageUrl ? { url: imageUrl } : { bytes: decodedImageData(request) ?? decodeBase64Image(imageData!), fileName };
  return { ...options, image };
}

export const altTextRoutes: FastifyPluginAsyncZod<{
  altText: AltTextService;
  guards: AuthGuards;
  maxImageBytes: number;
}> = async (app, { altText, guards, maxImageBytes }) => {
  // Scoped to this plugin: only these routes take files, and never more than one image.
  await app.register(multipart, { limits: multipartLimits(maxImageBytes) });
  // JSON with a large base64 imageData is decoded from the body bytes; every other body parses as usual.
  registerImageJsonBodyParser(app);

  // onRequest, not preHandler: the caller is checked from headers alone, before a body of up to
  // IMAGE_MAX_BYTES (JSON or multipart) is read and parsed for someone who may not be allowed in.
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];

  app.post(
    '/api/v1/images',
    {
      ...secured,
      bodyLimit: jsonImageBodyLimit(maxImageBytes),
      config: {
        documentedBodies: {
          'application/json': generateRequestSchema.describe('An image URL or base64 image data (plain or a data: URL), and the options'),
          'multipart/form-data': uploadFormDocs(generationOptionsSchema),
        },
      },
      schema: {
        tags: ['alt-text'],
        summary: 'Generate alt text for one image (imageUrl, base64 imageData, or a multipart "file")',
        consumes: ['application/json', 'multipart/form-data'],
        security,
        // Nullish so a multipart request (its body is null until read) reaches the handler, which reads it.
        body: generateRequestSchema.nullish(),
        response: { 200: altTextResultSchema },
      },
    },
    async (request, reply) => {
      const input = await generateInput(request, request.body);
      return altText.generate(callerOf(request), input, (decision) => setRateLimitHeaders(reply, decision));
    },
  );

  app.post(
    '/api/v1/images/batch',
    {
      ...secured,
      schema: {
        tags: ['alt-text'],
        summary: 'Generate alt text for up to 50 image URLs (paid plans)',
        security,
        body: batchRequestSchema,
        response: { 200: batchResponseSchema },
      },
    },
    async (request, reply) =>
      altText.generateBatch(callerOf(request), request.body, (decision) => setRateLimitHeaders(reply, decision)),
  );

  app.get(
    '/api/v1/images',
    {
      ...secured,
      schema: {
        tags: ['alt-text'],
        summary: "The caller's generations, newest first (cursor pagination)",
        security,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => altText.history(callerOf(request).userId, request.query),
  );

  app.post(
    '/api/v1/alt-text/check',
    {
      ...secured,
      schema: {
        tags: ['alt-text'],
        summary: 'Check any alt text against the WCAG quality rules',
        security,
        body: checkRequestSchema,
        response: { 200: checkResponseSchema },
      },
    },
    async (request) => altText.check(request.body),
  );
};
