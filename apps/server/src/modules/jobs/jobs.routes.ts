import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  createJobRequestSchema,
  jobEstimateRequestSchema,
  jobEstimateSchema,
  jobModesSchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobListResponseSchema,
  jobItemSchema,
  jobOptionsSchema,
  jobResultsQuerySchema,
  jobResultsResponseSchema,
  jobSchema,
  jobUpdateRequestSchema,
  reviewRequestSchema,
  uploadPieceSchema,
  uploadSessionSchema,
} from '@altwise/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import { AppError, parseOrThrow } from '../../platform/errors';
import type { Idempotency } from '../idempotency';
import { readJobForm } from './job-uploads';
import type { ParsedRows } from './job-input';
import { rowsFromCsv, rowsFromItems } from './job-input';
import type { JobOptions, JobsService } from './jobs.service';
import { createUploadAdmission } from './upload-admission';
import { readSessionPiece, sessionParams, sessionRows, sessionUploadId } from './upload-sessions';

/** A 10,000-item JSON body or CSV, with long URLs and contexts, fits; nothing near memory trouble. */
export const JOB_BODY_LIMIT = 16 * 1024 * 1024;

const idParams = z.object({ id: z.string().max(100) });
const idempotencyHeader = z.object({
  'idempotency-key': z.string().optional().describe('Makes a retry safe (Stripe semantics, 24 hours): the same key and request return the first answer and create nothing.'),
});

type CreateBody = z.output<typeof createJobRequestSchema>;

/** Where uploaded files go (built by the module), the per-image cap, the clock. */
type UploadDeps = Omit<Parameters<typeof readJobForm>[1], 'maxCsvBytes'>;

async function parseOrDiscard<T extends z.ZodType>(schema: T, fields: Record<string, unknown>, uploadId: string, uploads: UploadDeps): Promise<z.output<T>> {
  try {
    return parseOrThrow(schema, fields);
  } catch (error) {
    await uploads.files.discard(uploadId);
    throw error;
  }
}

/** JSON `{ items, …options }`, or a multipart form with a CSV `file`, or image `files` (job-uploads.ts), and the options as fields. */
async function jobInput(request: FastifyRequest, body: CreateBody | null | undefined, uploads: UploadDeps): Promise<{ parsed: ParsedRows; options: JobOptions; fingerprint: unknown }> {
  if (request.isMultipart()) {
    const upload = await readJobForm(request, { ...uploads, maxCsvBytes: JOB_BODY_LIMIT });
    const fields: Record<string, unknown> = Object.fromEntries(Object.entries(upload.fields).filter(([, value]) => value.trim() !== ''));
    // A form's fields are text: verify comes as "true"/"false" (the schema wants a boolean).
    if (typeof fields.verify === 'string') fields.verify = /^(?:true|1)$/i.test(fields.verify.trim());
    if (upload.kind === 'files') {
      // Files (job-uploads.ts): stored already; a refused option drops them.
      const options = await parseOrDiscard(jobOptionsSchema, fields, upload.uploadId, uploads);
      return { parsed: upload.parsed, options, fingerprint: request.headers['idempotency-key'] === undefined ? null : { filesSha256: upload.digest, ...options } };
    }
    const options = parseOrThrow(jobOptionsSchema, fields);
    // The upload is named by its hash (a 16 MB text is not copied into the idempotency
    // fingerprint), and hashed only when a key asks for a fingerprint.
    const fingerprint = request.headers['idempotency-key'] === undefined ? null : { csvSha256: createHash('sha256').update(upload.bytes).digest('hex'), ...options };
    return { parsed: { ...(await rowsFromCsv(upload.bytes)), source: upload.fileName }, options, fingerprint };
  }
  if (!body) throw AppError.badRequest('Send JSON with items, or a multipart form with a CSV file');
  const { items, ...options } = body;
  return { parsed: rowsFromItems(items), options, fingerprint: body };
}

export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService; guards: AuthGuards; idempotency: Idempotency; uploads: UploadDeps; requestTimeoutMs: number }> = async (app, { jobs, guards, idempotency, uploads, requestTimeoutMs }) => {
  // Uploaded files no job took (a refused job, an idempotent replay, an estimate) are deleted at once.
  const discardUnclaimed = async (parsed: ParsedRows) => {
    if (parsed.uploadId) await uploads.files.discard(parsed.uploadId);
  };
  await app.register(multipart, { limits: { fileSize: JOB_BODY_LIMIT, files: 1, fields: 10, fieldSize: 4 * 1024, parts: 12 } });
  const secured = { onRequest: guards.requireCaller };
  // Creating a job (or its estimate) from a body: the plan and the account's uploads in progress are
  // checked from the headers, before the body (a zip of up to 4 GB) is read.
  const admitted = { onRequest: [guards.requireCaller, createUploadAdmission({ requirePlan: jobs.requirePlan, requestTimeoutMs })] };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const tags = ['jobs'];

  app.post(
    '/api/v1/jobs',
    {
      ...admitted,
      bodyLimit: JOB_BODY_LIMIT,
      config: {
        documentedBodies: {
          'application/json': createJobRequestSchema.describe('Up to 10,000 items { imageUrl, context?, id?, purpose?: { kind: link|button, href?, label? } } and the options; a CSV may give purpose_kind, purpose_href, purpose_label columns'),
          'multipart/form-data': jobOptionsSchema.extend({
            file: z.file().optional().describe('CSV with an image_url column; optional context and id; other columns are carried through'),
            files: z.array(z.file()).optional().describe('Or the images themselves (JPEG, PNG, GIF, WebP, AVIF; each at most IMAGE_MAX_BYTES), up to 10,000, each part named by its relative path ("products/shoes/red.jpg"); a file that is not an image is a row error. A .zip part is opened: each entry is a file named by its path in the zip (directories, __MACOSX/ and dotfiles skipped; links, encrypted entries, nested zips and ".." names are row errors; a damaged zip, or one whose entries share or overlap their bytes, is a 400; a zip bomb, or a zip inflating past 10 times its size, a 413). Identical files are stored once. An .epub part, sent alone (at most 256 MB, the same bomb rules as a zip), makes a job of the images of the book that need alt text, each with its caption, surrounding text and xml:lang (columns document, line, src, xml_lang, image); a good alt from the publisher and an empty alt are not items; GET /api/v1/jobs/{id}/epub answers the book with the approved results. A Free plan is refused (403) before the body is read; at most 2 uploads of one account are read at once (429)'),
          }),
        },
      },
      schema: {
        tags,
        summary: 'Start a bulk job (paid plans): answers 202 at once; bad rows are reported in rowErrors',
        consumes: ['application/json', 'multipart/form-data'],
        security,
        headers: idempotencyHeader,
        body: createJobRequestSchema.nullish(),
        response: { 202: jobSchema, ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = await jobInput(request, request.body, uploads);
      reply.status(202);
      try {
        return await idempotency.handle(request, reply, caller.userId, input.fingerprint, () => jobs.create(caller, input.parsed, input.options));
      } finally {
        await discardUnclaimed(input.parsed);
      }
    },
  );

  // Resumable uploads (upload-sessions.ts): a folder sent in pieces, each file stored once at its place.
  app.post(
    '/api/v1/jobs/uploads/:session/files',
    {
      ...admitted,
      config: {
        documentedBodies: {
          'multipart/form-data': z.object({
            first: z.string().describe('The place (from 0) in the folder of the first file of this piece; each following file is at the next place'),
            files: z.array(z.file()).describe('Images (JPEG, PNG, GIF, WebP, AVIF; each at most IMAGE_MAX_BYTES), each part named by its relative path; a file already stored at its place is left as it is'),
          }),
        },
      },
      schema: {
        tags,
        summary: 'Send a piece of a resumable upload (paid plans): its files are stored under the session, each at its place, once',
        consumes: ['multipart/form-data'],
        security,
        params: sessionParams,
        response: { 200: uploadPieceSchema, ...errorResponses(403, 413, 429) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw AppError.badRequest('Send the files as a multipart form: "first", then "files" parts');
      return readSessionPiece(request, sessionUploadId(callerOf(request).userId, request.params.session), uploads);
    },
  );

  app.get(
    '/api/v1/jobs/uploads/:session',
    { ...secured, schema: { tags, summary: 'The places of the files a resumable upload has stored (what resuming it skips)', security, params: sessionParams, response: { 200: uploadSessionSchema } } },
    async (request) => ({ stored: (await uploads.files.unclaimed(sessionUploadId(callerOf(request).userId, request.params.session))).map((file) => file.idx) }),
  );

  app.post(
    '/api/v1/jobs/uploads/:session/job',
    {
      ...secured,
      schema: {
        tags,
        summary: "Start a bulk job (paid plans) from a resumable upload's files, in their places' order: answers 202 at once",
        security,
        params: sessionParams,
        headers: idempotencyHeader,
        body: jobOptionsSchema.nullish(),
        response: { 202: jobSchema, ...errorResponses(403, 429) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await jobs.requirePlan(caller.userId);
      const options = request.body ?? {};
      const fingerprint = request.headers['idempotency-key'] === undefined ? null : { session: request.params.session, ...options };
      reply.status(202);
      return idempotency.handle(request, reply, caller.userId, fingerprint, async () => jobs.create(caller, await sessionRows(uploads.files, sessionUploadId(caller.userId, request.params.session)), options));
    },
  );

  app.post(
    '/api/v1/jobs/estimate',
    {
      ...admitted,
      bodyLimit: JOB_BODY_LIMIT,
      config: {
        documentedBodies: {
          'application/json': jobEstimateRequestSchema.describe('The same body as POST /api/v1/jobs, or `images` (how many files a folder or zip upload would have) in place of items'),
          'multipart/form-data': jobOptionsSchema.extend({ file: z.file().describe('The same CSV as POST /api/v1/jobs') }),
        },
      },
      schema: {
        tags,
        summary: 'What a job would use (requests, after de-duplication where known), the quota left, and when the plan limits let it finish; creates nothing',
        consumes: ['application/json', 'multipart/form-data'],
        security,
        body: jobEstimateRequestSchema.nullish(),
        response: { 200: jobEstimateSchema, ...errorResponses(403, 429) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!request.isMultipart() && body?.images !== undefined) {
        const { images, items: _items, ...options } = body;
        return jobs.estimateImages(callerOf(request), images, options);
      }
      const input = await jobInput(request, body as CreateBody | null | undefined, uploads);
      try {
        return await jobs.estimate(callerOf(request), input.parsed, input.options);
      } finally {
        await discardUnclaimed(input.parsed);
      }
    },
  );

  app.get(
    '/api/v1/jobs/modes',
    { ...secured, schema: { tags, summary: 'Whether economy mode runs as such on this server (a batch API), to say before a job starts', security, response: { 200: jobModesSchema } } },
    async () => jobs.modes(),
  );

  app.get(
    '/api/v1/jobs',
    { ...secured, schema: { tags, summary: "The account's jobs, newest first (cursor pagination)", security, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } },
    async (request) => jobs.list(callerOf(request).userId, request.query),
  );

  app.get(
    '/api/v1/jobs/:id',
    { ...secured, schema: { tags, summary: 'A job: status, counts, times, ETA, quota wait', security, params: idParams, response: { 200: jobSchema } } },
    async (request) => jobs.get(callerOf(request).userId, request.params.id),
  );

  app.patch(
    '/api/v1/jobs/:id',
    { ...secured, schema: { tags, summary: "Rename a job (its owner only): the name shown in the list and on the job's page", security, params: idParams, body: jobUpdateRequestSchema, response: { 200: jobSchema } } },
    async (request) => jobs.rename(callerOf(request).userId, request.params.id, request.body.name),
  );

  app.post(
    '/api/v1/jobs/:id/cancel',
    { ...secured, schema: { tags, summary: 'Cancel a job: pending items are neither processed nor charged', security, params: idParams, response: { 200: jobSchema } } },
    async (request) => jobs.cancel(callerOf(request).userId, request.params.id),
  );

  app.get(
    '/api/v1/jobs/:id/results',
    {
      ...secured,
      schema: { tags, summary: "A job's items and results, in input order (cursor pagination, filters)", security, params: idParams, querystring: jobResultsQuerySchema, response: { 200: jobResultsResponseSchema } },
    },
    async (request) => jobs.results(callerOf(request).userId, request.params.id, request.query),
  );

  app.get(
    '/api/v1/jobs/:id/results.csv',
    {
      ...secured,
      schema: {
        tags,
        summary: 'The results as CSV (streamed): the input columns, then alt_text, long_description, is_decorative, wcag_compliant, issues, status, error, input_tokens, output_tokens (as the provider reported them; empty where no model was called)',
        security,
        params: idParams,
        querystring: jobExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const stream = await jobs.exportCsv(callerOf(request).userId, request.params.id, request.query.status);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="job-${request.params.id}.csv"`);
      return reply.send(stream);
    },
  );

  app.patch(
    '/api/v1/jobs/:id/results/:itemId',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Review a result: approve or reject, optionally with edited alt text (checked again)',
        security,
        params: idParams.extend({ itemId: z.string().max(20) }),
        body: reviewRequestSchema,
        response: { 200: jobItemSchema },
      },
    },
    async (request) => jobs.review(callerOf(request).userId, request.params.id, request.params.itemId, request.body),
  );
};
