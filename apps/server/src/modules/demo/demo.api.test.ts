import { demoInfoSchema, demoResponseSchema } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/support/test-server';
import type { AltTextTestEnv } from '../alt-text/alt-text.test-support';
import { distinctPng, startAltTextEnv, uploadForm } from '../alt-text/alt-text.test-support';

for (const database of DATABASES) {
  describe(`POST /api/v1/demo (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
    });
    afterAll(() => env.close());

    // Every request here comes from 127.0.0.1: this suite stays under the demo's 10 per hour.
    it('describes an image URL for a visitor without an account, storing nothing', async () => {
      const imageUrl = await env.hostImage();
      const response = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl } });
      expect(response.status).toBe(200);
      expect(demoResponseSchema.strict().parse(response.body)).toEqual({
        imageUrl,
        altText: expect.stringMatching(/^Fake vision description/),
        processingTime: expect.any(Number),
        wcagCompliant: expect.any(Boolean),
        verification: 'model',
        cached: false,
      });
      const stored = await env.server.app.db.selectFrom('generations').select('id').execute();
      expect(stored).toHaveLength(0);
    });

    it('describes an uploaded file and refuses one over 5 MB with 413', async () => {
      const response = await env.server.request('POST', '/api/v1/demo', { body: uploadForm(await distinctPng(), 'boat.png') });
      expect(response.status).toBe(200);
      expect(response.body.imageUrl).toBe('boat.png');
      const big = await env.server.request('POST', '/api/v1/demo', { body: uploadForm(Buffer.alloc(5 * 1024 * 1024 + 1, 1)) });
      expect(big.status).toBe(413);
    });

    it('tells a visitor the instance describes with a vision model (GET, public)', async () => {
      const response = await env.server.request('GET', '/api/v1/demo');
      expect(response.status).toBe(200);
      expect(demoInfoSchema.strict().parse(response.body)).toEqual({ visionModel: true });
    });

    it('asks for an image when given neither a URL nor a file', async () => {
      const response = await env.server.request('POST', '/api/v1/demo', { body: {} });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('Please upload an image or enter an image URL');
    });

    it('applies the same SSRF guard as the API', async () => {
      const response = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl: 'http://127.0.0.1:1/x.png' } });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('url_not_allowed');
    });
  });

  describe(`the demo without a vision model (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
    });
    afterAll(() => env.close());

    it('says so before a visitor tries it, and answers drafts that are never compliant', async () => {
      const info = await env.server.request('GET', '/api/v1/demo');
      expect(info.body).toEqual({ visionModel: false });
      const response = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl: await env.hostImage() } });
      expect(response.status).toBe(200);
      expect(demoResponseSchema.strict().parse(response.body)).toMatchObject({ verification: 'draft', verificationReason: 'no_vision_model', wcagCompliant: false });
    });
  });

  describe(`demo rate limit (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
    });
    afterAll(() => env.close());

    it('allows 10 demo images per hour per client address, then answers 429 with Retry-After', async () => {
      const imageUrl = await env.hostImage();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl } });
        expect(response.status, `attempt ${attempt}`).toBe(200);
      }
      const eleventh = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl } });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.error.code).toBe('too_many_requests');
      expect(eleventh.body.error.message).toMatch(/10 images per hour/);
      expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(eleventh.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    });
  });
}
