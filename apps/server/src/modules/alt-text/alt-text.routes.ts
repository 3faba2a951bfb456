import multipart from '@fastify/multipart';
import {
  batchRequestSchema,
  batchResponseSchema,
  checkRequestSchema,
  checkResponseSchema,
  DEFAULT_LANGUAGE,
  EMBED_NEEDS_UPLOAD,
  embedSchema,
  embedSuffixSchema,
  generateRequestSchema,
  generateResponseSchema,
  generationOptionsSchema,
  historyQuerySchema,
  historyResponseSchema,
} from '@altwise/shared';
import type { AltTextResult } from '@altwise/shared';
import { sha256Of } from '@altwise/engine';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Idempotency } from '../idempotency';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { decodeBase64Image } from '../../platform/base64-image';
import { errorResponses } from '../../platform/error-responses';
import { AppError, parseOrThrow } from '../../platform/errors';
import { decodedImageData, registerImageJsonBodyParser } from '../../platform/image-json-body';
import { setRateLimitHeaders } from '../usage';
import { multipartLimits, readUpload, uploadFormDocs } from '../../platform/multipart-upload';
import type { AltTextService, GenerateInput, Generated } from './alt-text.service';
import { Admitted } from './alt-text.service';
import { streamBatch, wantsBatchStream } from './batch-stream';
import type { ImageEmbedder } from './embedded-image';
import { fieldsToOptions, generationFormFieldsDocs } from './form-fields';

/** base64 grows bytes by 4/3; the rest is room for the other JSON fields and a data: prefix. */
export function jsonImageBodyLimit(maxImageBytes: number): number {
  return Math.ceil((maxImageBytes * 4) / 3) + 64 * 1024;
}

type GenerateBody = z.output<typeof generateRequestSchema>;
/** `embed` and the suffix its written text gets, if any. */
type Embed = { kind: z.output<typeof embedSchema>; suffix?: string };

/** JSON gives `imageUrl` or base64 `imageData`; multipart gives a `file` and text fields. `embed` rides beside the options. */
async function generateInput(request: FastifyRequest, body: GenerateBody | null | undefined): Promise<{ input: GenerateInput; embed?: Embed }> {
  if (request.isMultipart()) {
    const upload = await readUpload(request);
    const { embed: embedField, embedSuffix: suffixField, ...fields } = upload.fields;
    const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
    const parsed = parseOrThrow(z.object({ embed: embedSchema.optional(), embedSuffix: embedSuffixSchema.optional() }), { embed: present(embedField), embedSuffix: present(suffixField) });
    if (parsed.embedSuffix && !parsed.embed) throw new AppError('validation_failed', 'embedSuffix needs embed: "iptc"', 400, [{ field: 'embedSuffix', message: 'embedSuffix needs embed: "iptc"' }]);
    const embed = parsed.embed ? { kind: parsed.embed, suffix: parsed.embedSuffix } : undefined;
    const options = parseOrThrow(generationOptionsSchema, fieldsToOptions(fields));
    return { input: { ...options, image: { bytes: upload.bytes, fileName: upload.fileName } }, embed };
  }
  if (!body) throw AppError.badRequest('Send JSON with imageUrl or imageData, or a multipart form with a file');
  const { imageUrl, imageData, fileName, embed, embedSuffix, ...options } = body;
  const image = imageUrl ? { url: imageUrl } : { bytes: decodedImageData(request) ?? decodeBase64Image(imageData!), fileName };
  return { input: { ...options, image }, embed: embed ? { kind: embed, suffix: embedSuffix } : undefined };
}

/** The upload an `embed` request writes into, checked (exiftool present, a writable image) before anything is charged. */
async function embedTarget(embedder: ImageEmbedder, input: GenerateInput, embed: Embed | undefined): Promise<Buffer | null> {
  if (!embed) return null;
  if ('url' in input.image) throw new AppError('validation_failed', EMBED_NEEDS_UPLOAD, 400, [{ field: 'embed', message: EMBED_NEEDS_UPLOAD }]);
  await embedder.check(input.image.bytes);
  return input.image.bytes;
}

/**
 * What makes two generation requests the same for Idempotency-Key: the options and the image, an
 * upload by its SHA-256. Only a request with a key needs the hash here; it goes on with the image,
 * so the engine keys its cache with it instead of hashing the bytes again.
 */
function fingerprinted(request: FastifyRequest, input: GenerateInput): { input: GenerateInput; fingerprint: unknown } {
  if (request.headers['idempotency-key'] === undefined) return { input, fingerprint: null };
  const { image, ...options } = input;
  if ('url' in image) return { input, fingerprint: { ...options, image: image.url } };
  const sha256 = image.sha256 ?? sha256Of(image.bytes);
  return { input: { ...input, image: { ...image, sha256 } }, fingerprint: { ...options, image: { sha256, fileName: image.fileName } } };
}

/** The answer, with the X-RateLimit-* headers of the quota decision behind it (also on a failure after admission). */
async function withQuotaHeaders<T>(reply: FastifyReply, generating: Promise<Generated<T>>): Promise<T> {
  try {
    const { result, quota } = await generating;
    if (quota) setRateLimitHeaders(reply, quota);
    return result;
  } catch (error) {
    if (!(error instanceof Admitted)) throw error;
    setRateLimitHeaders(reply, error.quota);
    throw error.cause;
  }
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
  embedder: ImageEmbedder;
  maxImageBytes: number;
}> = async (app, { altText, guards, idempotency, embedder, maxImageBytes }) => {
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
          'multipart/form-data': uploadFormDocs(generationFormFieldsDocs.extend({ embed: embedSchema.optional(), embedSuffix: embedSuffixSchema.optional() })),
        },
      },
      schema: {
        tags: ['alt-text'],
        summary: 'Generate alt text for one image (imageUrl, base64 imageData, or a multipart "file"); with embed: "iptc", an upload comes back with the alt text in its own XMP',
        consumes: ['application/json', 'multipart/form-data'],
        security,
        // Nullish so a multipart request (its body is null until read) reaches the handler, which reads it.
        headers: idempotencyHeader,
        body: generateRequestSchema.nullish(),
        response: { 200: generateResponseSchema, ...errorResponses(403, 413, 415, 422, 429, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const asked = await generateInput(request, request.body);
      const target = await embedTarget(embedder, asked.input, asked.embed);
      const { input, fingerprint } = fingerprinted(request, asked.input);
      const caller = callerOf(request);
      // The run's name names the history rows, so a retry after a crash finds what was charged (history-rows.ts).
      return idempotency.handle(request, reply, caller.userId, asked.embed ? { fingerprint, embed: asked.embed } : fingerprint, async (runName) => {
        const result: AltTextResult = await withQuotaHeaders(reply, altText.generate(caller, input, runName));
        if (!target) return result;
        // The language the alt text was written in: the request's, else the account's style, else the default.
        const language = (await altText.unit.styled(caller.userId, input)).language ?? DEFAULT_LANGUAGE;
        return { ...result, embedded: await embedder.embed(target, result, language, asked.embed?.suffix) };
      });
    },
  );

  app.post(
    '/api/v1/images/batch',
    {
      ...secured,
      schema: {
        tags: ['alt-text'],
        summary:
          'Generate alt text for up to 50 image URLs (paid plans). With `Accept: application/x-ndjson`, the answer is NDJSON: a line `{index, result}` per image as it finishes, then `{summary}`. A client that hangs up mid-way is still charged for every image (the work goes on); to resume without paying twice, send the same request with the same `Idempotency-Key`: the replay answers the stored results as JSON (`Idempotent-Replayed: true`) and charges nothing.',
        security,
        headers: idempotencyHeader,
        body: batchRequestSchema,
        response: { 200: batchResponseSchema, ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (wantsBatchStream(request)) {
        return streamBatch(request, reply, idempotency, caller.userId, (runName, progress) => altText.generateBatch(caller, request.body, runName, progress));
      }
      return idempotency.handle(request, reply, caller.userId, request.body, (runName) => withQuotaHeaders(reply, altText.generateBatch(caller, request.body, runName)));
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
