import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';

/**
 * Whether parsed JSON carries a key that could poison a prototype when the value is later merged
 * or assigned: an own `__proto__` (JSON.parse makes it a plain property), or a `constructor` whose
 * value has a `prototype`. The same rule as Fastify's default parser (secure-json-parse with both
 * actions on 'error'), applied by walking the parsed value instead of scanning the text with two
 * regular expressions first: a request body is a handful of keys, but can be a 14 MB base64 string.
 */
export function hasPrototypeKeys(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const constructor: unknown = Object.hasOwn(node, 'constructor') ? (node as { constructor: unknown }).constructor : null;
    if (
      constructor !== null &&
      typeof constructor === 'object' &&
      Object.hasOwn(constructor, 'prototype')
    ) {
      return true;
    }
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') pending.push(child);
  }
  return false;
}

/** Parses a JSON body: Fastify's default behaviour (errors, BOM, prototype guard) at less cost. */
export function parseJsonBody(body: string): unknown {
  let text = body;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const value: unknown = JSON.parse(text);
  if (hasPrototypeKeys(value)) throw new SyntaxError('Object contains forbidden prototype property');
  return value;
}

/** Turns a whole, non-empty JSON body into its value; throws on invalid JSON. */
export type JsonBodyParse = (body: Buffer, request: FastifyRequest) => unknown;

const parseUtf8Body: JsonBodyParse = (body) => parseJsonBody(body.toString('utf8'));

/**
 * Replaces the application/json parser of `app` (and the plugins it registers); limits and error
 * codes stay Fastify's own. A plugin may bring its own `parse` for bodies it knows better.
 */
export function registerJsonBodyParser(
  app: FastifyInstance,
  parse: JsonBodyParse = parseUtf8Body,
  /** Where a body is optional (logout), an empty one is no body rather than invalid JSON. */
  options: { emptyBodyIsNull?: boolean } = {},
): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0 && options.emptyBodyIsNull) {
      done(null, null);
      return;
    }
    if (bytes.length === 0) {
      done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
      return;
    }
    let value: unknown;
    try {
      value = parse(bytes, request);
    } catch {
      done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
      return;
    }
    done(null, value);
  });
}
