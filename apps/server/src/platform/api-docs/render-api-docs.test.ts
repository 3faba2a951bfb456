import { describe, expect, it } from 'vitest';
import { renderApiDocs } from './render-api-docs';
import type { OpenApiDocument } from './render-api-docs';
import { typeLabel } from './render-schema';

const hostile = '<img src=x onerror=alert(1)>';

const document: OpenApiDocument = {
  info: { title: 'Altwise API', version: '2.0.0', description: `Docs ${hostile}` },
  paths: {
    '/api/v1/api-keys/{id}': {
      delete: {
        summary: `Revoke ${hostile}`,
        tags: ['api-keys'],
        security: [{ bearerAuth: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', minLength: 1, maxLength: 100 } }],
        responses: {
          '200': { description: 'Default Response', content: { 'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } } } },
          '404': {
            description: 'Not found',
            content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } }, required: ['error'] } } },
          },
        },
      },
    },
    '/api/v1/api-keys': {
      post: {
        tags: ['api-keys'],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', maxLength: 60, description: `The key's name ${hostile}` },
                  note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                },
              },
            },
          },
        },
      },
    },
    '/api/v1/demo': { get: { summary: 'Public', tags: ['demo'], parameters: [{ in: 'query', name: 'limit', schema: { type: 'integer' } }] } },
  },
};

describe('the API reference page', () => {
  const html = renderApiDocs(document);

  it('escapes everything from the document: no markup of its own reaches the page', () => {
    expect(html).not.toContain(hostile);
    expect(html).toContain('Revoke &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('The key&#39;s name &lt;img');
    expect(html).not.toMatch(/<script|<img/i);
  });

  it('gives every operation a heading, an anchor the index links to, its authentication and its inputs', () => {
    for (const anchor of ['delete-api-v1-api-keys-id', 'post-api-v1-api-keys', 'get-api-v1-demo']) {
      expect(html).toContain(`<section class="operation" id="${anchor}"`);
      expect(html).toContain(`href="#${anchor}"`);
    }
    expect(html).toContain('<h2 id="tag-api-keys">API keys</h2>');
    expect(html).toContain('Authentication: a signed-in session (Authorization: Bearer &lt;access token&gt;).');
    expect(html).toContain('Authentication: none (public).');
    expect(html).toMatch(/<th scope="row"><code>id<\/code><\/th><td>path<\/td>/);
    expect(html).toContain('(at least 1 character; at most 100 characters)');
    expect(html).toContain('<code class="field">name</code> <span class="type">string</span> <span class="optional">optional</span>');
    expect(html).toContain('<span class="type">string or null</span>');
  });

  it('names each parameter table\'s scroll region by its operation (axe landmark-unique: no two regions named alike)', () => {
    const regions = [...html.matchAll(/<[^>]+role="region"[^>]*>/g)].map(([tag]) => tag);
    expect(regions).toHaveLength(2);
    const names = regions.map((tag) => /aria-label="([^"]*)"/.exec(tag)?.[1]);
    expect(names).toEqual(['Parameters of DELETE /api/v1/api-keys/{id}', 'Parameters of GET /api/v1/demo']);
    expect(regions.every((tag) => !tag.includes('aria-labelledby'))).toBe(true);
  });

  it('points error answers at the one error envelope instead of repeating it', () => {
    expect(html).toContain('<li><span class="status">404</span> Not found <a href="#errors">Error envelope</a>.</li>');
    expect(html).toContain('<h3 id="errors">Errors</h3>');
  });

  it('labels types as a reader says them', () => {
    expect(typeLabel({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe('array of one of "a", "b"');
    expect(typeLabel({ type: ['integer', 'null'] })).toBe('integer or null');
    expect(typeLabel({ type: 'string', format: 'binary' })).toBe('string (binary)');
  });
});
