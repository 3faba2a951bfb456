import { createHash } from 'node:crypto';
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
import { z } from 'zod';
import type { Idempotency } from '../../platform/idempotency';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { decodeBase64Image } from '../../platform/base64-image';
import { errorResponses } from '../../platform/error-responses';
import { AppError, parseOrThrow } from '../../platform/errors';
import { decodedImageData, registerImageJsonBodyParser } from '../../platform/image-json-body';
import { setRateLimitHeaders } from '../../platform/metering';
import { multipartLimits, readUpload, uploadFormDocs } from '../../platform/multipart-upload';
import type { AltTextService, GenerateInput } from './alt-text.service';
import { fieldsToOptions, generationFormFieldsDocs } from './form-fields';

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

/** What makes two generation requests the same for Idempotency-Key: the options and the image. */
function fingerprint(input: GenerateInput) {
  const { image, ...options } = input;
  return { ...options, image: 'url' in image ? image.url : { sha256: createHash('sha256').update(image.bytes).digest('hex'), fileName: image.fileName } };
}

const idempotencyHeader = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe('Makes a retry safe (Stripe semantics, 24 hours): the same key and request return the first answer and charge nothing; the same key with another request is 422 idempotency_key_reused; while the first is still running, 409 idempotency_in_progress after a wait.'),
});

export const altTextRoutes: FastifyPluginAsyncZod<{
  altText: AltTextService;
  guards: AuthGuards;
  idempotency: Idempotency;
  maxImageBytes: number;
}> = async (app, { altText, guards, idempotency, maxImageBytes }) => {
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
          'multipart/form-data': uploadFormDocs(generationFormFieldsDocs),
        },
      },
      schema: {
        tags: ['alt-text'],
        summary: 'Generate alt text for one image (imageUrl, base64 imageData, or a multipart "file")',
        consumes: ['application/json', 'multipart/form-data'],
        security,
        // Nullish so a multipart request (its body is null until read) reaches the handler, which reads it.
        headers: idempotencyHeader,
        body: generateRequestSchema.nullish(),
        response: { 200: altTextResultSchema, ...errorResponses(403, 422, 429, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const input = await generateInput(request, request.body);
      const caller = callerOf(request);
      return idempotency.handle(request, reply, caller.userId, fingerprint(input), (requestRef) =>
        altText.generate(caller, input, (decision) => setRateLimitHeaders(reply, decision), requestRef),
      );
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
        headers: idempotencyHeader,
        body: batchRequestSchema,
        response: { 200: batchResponseSchema, ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      return idempotency.handle(request, reply, caller.userId, request.body, (requestRef) =>
        altText.generateBatch(caller, request.body, (decision) => setRateLimitHeaders(reply, decision), requestRef),
      );
    },
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
