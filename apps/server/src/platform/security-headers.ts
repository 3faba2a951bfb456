import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. Our options are static (no CSP
 * nonces, nothing per request), so every response gets the same set; @fastify/helmet instead
 * rebuilt the whole helmet middleware, CSP directive parsing included, on every request.
 */
export function computeSecurityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware is synchronous for static options; anything else is a configuration bug.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/**
 * Sets the security headers on every response, 404s and errors included, as helmet did, except
 * Strict-Transport-Security: that one only on HTTPS requests (direct, or as a trusted proxy says
 * with X-Forwarded-Proto), since over plain HTTP browsers ignore it.
 */
export function registerStaticSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const { 'strict-transport-security': hsts, ...headers } = computeSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    done();
  });
}
