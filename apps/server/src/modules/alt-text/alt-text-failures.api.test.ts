import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { STALLED_MODEL_RETRY, startAltTextEnv } from './alt-text.test-support';

for (const database of DATABASES) {
  describe(`image failures (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
      ({ token } = await registerUser(env.server));
    });
    afterAll(() => env.close());

    const generate = (imageUrl: string) => env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });

    it('refuses 127.0.0.1 on a port that is not allow-listed with 400 url_not_allowed, saying nothing of it', async () => {
      const response = await generate('http://127.0.0.1:1/secret.png');
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('url_not_allowed');
      expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|connect/);
    });

    it('refuses private, link-local and metadata addresses and localhost names alike', async () => {
      for (const url of ['http://10.0.0.1/a.png', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/a.png', 'http://localhost/a.png']) {
        const response = await generate(url);
        expect(response.status, url).toBe(400);
        expect(response.body.error.code, url).toBe('url_not_allowed');
      }
    });

    it('answers 415 for a text file served as image/png', async () => {
      env.host.set('/fake.png', { body: 'hello, I am text', contentType: 'image/png' });
      const response = await generate(`${env.host.url}/fake.png`);
      expect(response.status).toBe(415);
      expect(response.body.error.code).toBe('unsupported_media_type');
    });

    it('answers 422 image_unreachable when the host answers 404', async () => {
      const response = await generate(`${env.host.url}/missing.png`);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('image_unreachable');
    });

    it('answers 422 image_undecodable for a truncated PNG', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008020000', 'hex');
      env.host.set('/truncated.png', { body: png, contentType: 'image/png' });
      const response = await generate(`${env.host.url}/truncated.png`);
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('image_undecodable');
    });

    it('keeps the X-RateLimit headers on an error answered after admission', async () => {
      const response = await generate(`${env.host.url}/missing-too.png`);
      expect(response.status).toBe(422);
      expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    });
  });

  // Servers of their own: the byte cap and the fetch deadline are read once at start-up.
  describe(`an image host sending more than IMAGE_MAX_BYTES (${database})`, () => {
    let small: AltTextTestEnv;
    beforeAll(async () => {
      small = await startAltTextEnv(database, { env: { IMAGE_MAX_BYTES: '1024' } });
    });
    afterAll(() => small.close());

    it('answers 413 payload_too_large', async () => {
      const { token } = await registerUser(small.server);
      small.host.set('/big.png', { body: Buffer.alloc(4096, 7), contentType: 'image/png', chunked: true });
      const response = await small.server.request('POST', '/api/v1/images', { token, body: { imageUrl: `${small.host.url}/big.png` } });
      expect(response.status).toBe(413);
      expect(response.body.error.code).toBe('payload_too_large');
    });
  });

  describe(`an image host that stalls past IMAGE_FETCH_TIMEOUT_MS (${database})`, () => {
    let slow: AltTextTestEnv;
    beforeAll(async () => {
      slow = await startAltTextEnv(database, { env: { IMAGE_FETCH_TIMEOUT_MS: '300' } });
    });
    afterAll(() => slow.close());

    it('answers 422 image_timeout', async () => {
      const { token } = await registerUser(slow.server);
      slow.host.set('/stalled.png', { stall: true });
      const response = await slow.server.request('POST', '/api/v1/images', { token, body: { imageUrl: `${slow.host.url}/stalled.png` } });
      expect(response.status).toBe(422);
      expect(response.body.error.code).toBe('image_timeout');
    });
  });

  describe(`vision model failures (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
      ({ token } = await registerUser(env.server));
    });
    afterEach(() => env.vision!.reset());
    afterAll(() => env.close());

    const generate = async () =>
      env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });

    it('retries two transient 500s and then succeeds', async () => {
      env.vision!.failNext(2, 500);
      const calls = env.vision!.calls;
      const response = await generate();
      expect(response.status).toBe(200);
      expect(response.body.altText).toMatch(/^Fake vision description/);
      expect(env.vision!.calls).toBe(calls + 3);
    });

    it('answers 502 provider_error as JSON when the model keeps failing, and the server stays healthy', async () => {
      env.vision!.failAlways(500);
      const response = await generate();
      expect(response.status).toBe(502);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body.error.code).toBe('provider_error');
      expect(JSON.stringify(response.body)).not.toContain('Injected failure');
      const health = await env.server.request('GET', '/healthz');
      expect(health.status).toBe(200);
    });

    it('answers 503 provider_rate_limited when the model keeps answering 429', async () => {
      env.vision!.failAlways(429);
      const response = await generate();
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('provider_rate_limited');
    });

    it('does not cache a failure: the same image succeeds once the model recovers', async () => {
      const imageUrl = await env.hostImage();
      env.vision!.failAlways(500);
      const failed = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(failed.status).toBe(502);
      env.vision!.reset();
      const ok = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(ok.status).toBe(200);
      expect(ok.body.cached).toBe(false);
    });

    it('returns markup in model output as plain JSON text, never as HTML', async () => {
      env.vision!.setReply(() => ({ altText: '<img src=x onerror=alert(1)>A lighthouse at night' }));
      const response = await generate();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body.altText).not.toContain('<');
      expect(response.body.altText).toContain('lighthouse');
    });
  });

  // A server of its own with short deadlines: the model never answers, so they fire whatever the load.
  describe(`a stalled vision model (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true, retry: STALLED_MODEL_RETRY });
      ({ token } = await registerUser(env.server));
    });
    afterAll(() => env.close());

    // That the overall deadline ends a stalled call is the engine's test (retry-policy.test.ts); a
    // request that outlived it would meet this test's own timeout.
    it('answers 504 provider_timeout', async () => {
      env.vision!.stall();
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(response.status).toBe(504);
      expect(response.body.error.code).toBe('provider_timeout');
    });
  });
}
