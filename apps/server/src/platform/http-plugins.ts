import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { SESSION_TRANSPORT_HEADER } from '@altwise/shared';
import type { FastifyInstance, FastifyReply, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../config';
import { renderApiDocs } from './api-docs/render-api-docs';
import type { OpenApiDocument } from './api-docs/render-api-docs';
import { AppError } from './errors';
import { registerStaticSecurityHeaders } from './security-headers';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  registerStaticSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Result previews show the user's own image URLs and local file previews.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['Authorization', 'Content-Type', 'X-API-Key', SESSION_TRANSPORT_HEADER],
      // The web app served from a listed origin refreshes with its session cookie.
      credentials: true,
      exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    });
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For routes that take more than one body type: each media type's body, for the API docs only.
     * Such a route validates its JSON with `schema.body` and reads its form itself, so one schema
     * cannot describe both (the docs would show JSON fields for the form).
     */
    documentedBodies?: Record<string, z.ZodType>;
    /** A public, secret-free /api answer (the plan catalogue) that caches may keep. */
    cacheable?: boolean;
  }
}

/**
 * Cache-Control: no-store on every /api answer that is not marked cacheable, errors and 404s
 * included: logins, refreshes, keys and profiles carry secrets no shared or browser cache may keep.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    if (request.routeOptions.config?.cacheable || reply.hasHeader('cache-control')) return;
    reply.header('cache-control', 'no-store');
  });
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod → OpenAPI transform, plus one request body per media type where a route documents them. */
function transformRouteSchema(input: TransformInput) {
  const transformed = jsonSchemaTransform(input);
  const bodies = input.route.config?.documentedBodies;
  if (!bodies) return transformed;
  const content = Object.fromEntries(
    Object.entries(bodies).map(([mediaType, body]) => {
      const converted = (jsonSchemaTransform({ ...input, schema: { body } }).schema as FastifySchema).body;
      // A root schema converted on its own can carry the converter's internal $id placeholder,
      // which the docs would show as its title; a request body needs neither $id nor $schema.
      const { $id: _id, $schema: _schema, ...schema } = converted as Record<string, unknown>;
      return [mediaType, { schema }];
    }),
  );
  return { ...transformed, schema: { ...transformed.schema, body: { content } } };
}

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Altwise API',
        version: '2.0.0',
        description: 'Accessibility-grade alternative text for images.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: transformRouteSchema,
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { cacheable: true } }, async () => app.swagger());
  // The reference is our own server-rendered page, not Swagger UI: that UI failed axe (an image
  // without alt, unnamed controls, buttons nested in buttons, low contrast). Rendered once, on
  // first request, when every route is in the document.
  let docsPage: string | undefined;
  const serveDocs = async (_request: unknown, reply: FastifyReply) => {
    docsPage ??= renderApiDocs(app.swagger() as unknown as OpenApiDocument);
    return reply.type('text/html; charset=utf-8').send(docsPage);
  };
  for (const url of ['/api/docs', '/api/docs/']) {
    app.get(url, { schema: { hide: true }, config: { cacheable: true } }, serveDocs);
  }
}

/** Serves the built web app, with index.html for any non-file GET outside /api (deep links). */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const error = AppError.notFound(`Route ${request.method} ${pathname} not found`);
    return reply.status(404).send(error.toJSON());
  });
}

/**
 * During shutdown, answers still in flight tell the client to close the connection, so a keep-alive
 * socket cannot hold the server open until its idle timeout. (A body still trickling in keeps its
 * own deadline: request-deadline.ts.)
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
