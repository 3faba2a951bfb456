import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer } from '../../test/support/test-server';
import type { TestServer } from '../../test/support/test-server';

for (const database of DATABASES) {
  describe(`HTTP platform (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('answers malformed JSON with 400 and the error shape, never a 500', async () => {
      const response = await server.request('POST', '/api/auth/login', {
        body: '{"email": "a@b.co", ',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'bad_request', message: 'Request body is not valid JSON' } });
    });

    it('answers a JSON body over 1 MB with 413', async () => {
      const response = await server.request('POST', '/api/auth/register', {
        body: { firstName: 'x'.repeat(1024 * 1024 + 10), lastName: 'y', email: 'big@example.com', password: 'Password-1' },
      });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    });

    it('answers an unknown /api route with a 404 JSON error', async () => {
      const response = await server.request('GET', '/api/v1/does-not-exist');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body.error.code).toBe('not_found');
    });

    it('names each invalid field in a validation error', async () => {
      const response = await server.request('POST', '/api/auth/register', { body: { email: 'nope' } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
        'email',
        'firstName',
        'lastName',
        'password',
      ]);
    });

    it('reports health and readiness', async () => {
      expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
      expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ready' });
    });

    it('publishes an OpenAPI 3.1 document of the routes and serves the docs locally', async () => {
      const spec = await server.request('GET', '/api/openapi.json');
      expect(spec.status).toBe(200);
      expect(spec.body.openapi).toBe('3.1.0');
      expect(Object.keys(spec.body.paths)).toEqual(
        expect.arrayContaining(['/api/auth/login', '/api/v1/images', '/api/v1/usage', '/api/user/subscription']),
      );
      // Routes that take JSON or a form document each: the form has a binary `file`, the JSON none.
      for (const path of ['/api/v1/images', '/api/v1/demo']) {
        const { content } = spec.body.paths[path].post.requestBody;
        expect(Object.keys(content).sort(), path).toEqual(['application/json', 'multipart/form-data']);
        expect(content['multipart/form-data'].schema).toMatchObject({ properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] });
        expect(content['application/json'].schema.properties).toHaveProperty('imageUrl');
        expect(content['application/json'].schema.properties).not.toHaveProperty('file');
        expect(JSON.stringify(content)).not.toMatch(/PLACEHOLDER|"null"/);
      }
      expect(spec.body.paths['/api/v1/images'].post.requestBody.content['multipart/form-data'].schema.properties).toHaveProperty('context');
      // Each route documents the error envelope for what it can answer: implied by its input and
      // security, plus its own (quota, provider failures); a public GET without input only the 500.
      const responsesOf = (path: string, method: string) => Object.keys(spec.body.paths[path][method].responses).sort();
      expect(responsesOf('/api/v1/images', 'post')).toEqual(
        ['200', '400', '401', '403', '413', '415', '422', '429', '500', '502', '503', '504'],
      );
      expect(responsesOf('/api/v1/api-keys/{id}', 'delete')).toEqual(['200', '400', '401', '404', '500']);
      expect(responsesOf('/api/v1/plans', 'get')).toEqual(['200', '500']);
      const envelope = spec.body.paths['/api/v1/images'].post.responses['429'];
      expect(envelope.description).toMatch(/Retry-After/);
      expect(envelope.content['application/json'].schema.properties.error.required).toEqual(['code', 'message']);
      const docs = await server.request('GET', '/api/docs/');
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Our own reference page (Swagger UI failed axe), covering every documented route.
      expect(docs.body).toContain('<h1>Altwise API');
      expect(docs.body).toContain('id="post-api-v1-images"');
      expect(docs.body).not.toMatch(/<script/i);
      expect((await server.request('GET', '/api/docs')).status).toBe(200);
      expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs)/);
    });

    it('sends security headers and no CORS headers unless CORS_ORIGINS is set', async () => {
      const response = await server.request('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('does not leak internals when a handler throws', async () => {
      const response = await server.request('GET', '/api/auth/profile', { token: 'not-a-jwt' });
      expect(response.status).toBe(401);
      expect(JSON.stringify(response.body)).not.toMatch(/stack|at \w+ \(/);
    });
  });
}

describe('HTTP platform options', () => {
  it('allows the configured CORS origins only', async () => {
    const server = await startTestServer('sqlite', { CORS_ORIGINS: 'https://app.example.com' });
    try {
      const allowed = await server.request('GET', '/healthz', { headers: { origin: 'https://app.example.com' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const other = await server.request('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('serves the web app with a single-page fallback for deep links, but not under /api', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'altwise-web-'));
    fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Altwise</title>');
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');

    const withWeb = await startTestServer('sqlite', { WEB_DIST_DIR: webDir });
    try {
      const deepLink = await withWeb.request('GET', '/app/dashboard');
      expect(deepLink.status).toBe(200);
      expect(deepLink.body).toContain('<title>Altwise</title>');
      const asset = await withWeb.request('GET', '/assets/app.js');
      expect(asset.body).toBe('console.log(1)');
      const api = await withWeb.request('GET', '/api/nothing-here');
      expect(api.status).toBe(404);
      expect(api.body.error.code).toBe('not_found');
    } finally {
      await withWeb.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});
