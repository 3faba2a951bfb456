import { embedSuffixSchema } from '@altwise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../platform/caller';
import { callerOf } from '../../platform/caller';
import { errorResponses } from '../../platform/error-responses';
import type { JobDownloads } from './job-downloads';

const idParams = z.object({ id: z.string().max(100) });

/** A finished job's accepted results written into its files (docs/files.md): the EPUB, the images' XMP. */
export const jobDownloadsRoutes: FastifyPluginAsyncZod<{ downloads: JobDownloads; guards: AuthGuards }> = async (app, { downloads, guards }) => {
  const secured = { onRequest: guards.requireCaller };
  const security: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { apiKey: [] }];
  const tags = ['jobs'];
  const attachment = (name: string) => `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

  app.get(
    '/api/v1/jobs/:id/epub',
    {
      ...secured,
      schema: {
        tags,
        summary:
          "An EPUB job's book with the approved results written in: each accepted alt text (and, in EPUB 3, a complex image's long description beside it), the accessibility metadata; every other entry unchanged. 409 until the job has finished; 404 for a job not made from an EPUB",
        security,
        params: idParams,
        produces: ['application/epub+zip'],
        response: { 200: z.any().describe('The EPUB (application/epub+zip)'), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const book = await downloads.epub(callerOf(request).userId, request.params.id);
      reply.header('content-type', 'application/epub+zip');
      reply.header('content-disposition', attachment(book.fileName));
      return reply.send(book.bytes);
    },
  );

  app.get(
    '/api/v1/jobs/:id/images.zip',
    {
      ...secured,
      schema: {
        tags,
        summary:
          "A job's uploaded images with approved results, each with its alt text and long description written into XMP (IPTC AltTextAccessibility, ExtDescrAccessibility; pixels untouched), named by their paths; images that cannot take them are listed in altwise-not-written.txt. 409 until the job has finished; 404 for a job of URLs",
        security,
        params: idParams,
        querystring: z.object({ embedSuffix: embedSuffixSchema.optional().describe('Added to the written fields only, e.g. "(AI-generated)"; none by default') }),
        produces: ['application/zip'],
        response: { 200: z.any().describe('The zip (application/zip)'), ...errorResponses(404, 409, 503) },
      },
    },
    async (request, reply) => {
      const stream = await downloads.imagesZip(callerOf(request).userId, request.params.id, request.query.embedSuffix);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', attachment(`job-${request.params.id}-images.zip`));
      return reply.send(stream);
    },
  );
};
