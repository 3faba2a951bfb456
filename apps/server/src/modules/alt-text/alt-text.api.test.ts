import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { distinctPng, startAltTextEnv, uploadForm } from './alt-text.test-support';

for (const database of DATABASES) {
  describe(`POST /api/v1/images with a vision model (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
      ({ token } = await registerUser(env.server));
    });
    afterAll(() => env.close());

    it('describes an image URL and answers the full result contract', async () => {
      const imageUrl = await env.hostImage();
      const before = env.vision!.calls;
      const response = await env.server.request('POST', '/api/v1/images', {
        token,
        body: { imageUrl, context: 'Harbour at dusk' },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        imageUrl,
        altText: expect.stringMatching(/^Fake vision description [0-9a-f]{8}$/),
        provider: 'openai-compatible',
        model: 'gpt-4o-mini',
        cached: false,
        isDecorative: false,
      });
      expect(new Date(response.body.timestamp).toString()).not.toBe('Invalid Date');
      expect(env.vision!.calls).toBe(before + 1);
      // The model gets the bytes inline, never the caller's URL.
      expect(env.vision!.lastRequest!.rawBody).not.toContain(imageUrl);
    });

    it('answers a repeated image from the cache without calling the model', async () => {
      const imageUrl = await env.hostImage();
      const first = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      const callsAfterFirst = env.vision!.calls;
      const second = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      expect(second.status).toBe(200);
      expect(second.body.cached).toBe(true);
      expect(second.body.altText).toBe(first.body.altText);
      expect(env.vision!.calls).toBe(callsAfterFirst);
    });

    it('keys the cache by the options too: another context is a new description', async () => {
      const imageUrl = await env.hostImage();
      await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl, context: 'A' } });
      const calls = env.vision!.calls;
      const other = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl, context: 'B' } });
      expect(other.body.cached).toBe(false);
      expect(env.vision!.calls).toBe(calls + 1);
    });

    it('skips the cache with regenerate: true and refreshes it', async () => {
      const imageUrl = await env.hostImage();
      await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
      env.vision!.setReply(() => ({ altText: 'A regenerated description of the harbour' }));
      try {
        const calls = env.vision!.calls;
        const regenerated = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl, regenerate: true } });
        expect(regenerated.body).toMatchObject({ cached: false, altText: 'A regenerated description of the harbour' });
        expect(env.vision!.calls).toBe(calls + 1);
        const after = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } });
        expect(after.body).toMatchObject({ cached: true, altText: 'A regenerated description of the harbour' });
        expect(env.vision!.calls).toBe(calls + 1);
      } finally {
        env.vision!.setReply(undefined);
      }
    });

    it('describes an uploaded file (multipart) and names it by its file name', async () => {
      const bytes = await distinctPng();
      const response = await env.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(bytes, 'harbour.png', { context: 'Harbour', maxLength: '80', regenerate: 'false' }),
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ imageUrl: 'harbour.png', cached: false, provider: 'openai-compatible' });
      // The same bytes and name again, by upload: a hit keyed on the bytes before any decoding.
      const calls = env.vision!.calls;
      const again = await env.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(bytes, 'harbour.png', { context: 'Harbour', maxLength: '80' }),
      });
      expect(again.body).toMatchObject({ imageUrl: 'harbour.png', cached: true });
      expect(env.vision!.calls).toBe(calls);
      // Another name is a hint the model reads, so it is another question.
      const renamed = await env.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(bytes, 'other-name.png', { context: 'Harbour', maxLength: '80' }),
      });
      expect(renamed.body).toMatchObject({ imageUrl: 'other-name.png', cached: false });
      expect(env.vision!.calls).toBe(calls + 1);
    });

    it('describes base64 imageData, plain or as a data: URL', async () => {
      const bytes = await distinctPng();
      const plain = await env.server.request('POST', '/api/v1/images', { token, body: { imageData: bytes.toString('base64') } });
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ imageUrl: 'upload', cached: false });
      const asDataUrl = () =>
        env.server.request('POST', '/api/v1/images', {
          token,
          body: { imageData: `data:image/png;base64,${bytes.toString('base64')}`, fileName: 'pier.png' },
        });
      expect((await asDataUrl()).body).toMatchObject({ imageUrl: 'pier.png', cached: false });
      expect((await asDataUrl()).body).toMatchObject({ imageUrl: 'pier.png', cached: true });
    });

    it('decodes a large base64 image from the body bytes into the very bytes JSON.parse would give', async () => {
      // Over 64 KB of base64, so the image parser decodes it in place; escaped slashes (as PHP's
      // json_encode writes them) take the ordinary path. Both must be the same cached image.
      const bytes = Buffer.concat([await distinctPng(), Buffer.alloc(70_000, 7)]);
      const send = (imageData: string) =>
        env.server.request('POST', '/api/v1/images', {
          token,
          body: `{"fileName":"dock.png","imageData":"${imageData}"}`,
          headers: { 'content-type': 'application/json' },
        });
      const inPlace = await send(bytes.toString('base64'));
      expect(inPlace.body).toMatchObject({ imageUrl: 'dock.png', cached: false });
      const calls = env.vision!.calls;
      const escaped = await send(`data:image/png;base64,${bytes.toString('base64').replaceAll('/', '\\/')}`);
      expect(escaped.body).toMatchObject({ imageUrl: 'dock.png', cached: true, altText: inPlace.body.altText });
      expect(env.vision!.calls).toBe(calls);

      const damaged = await send(`${bytes.toString('base64').slice(0, 80_000)}*${bytes.toString('base64').slice(80_000)}`);
      expect(damaged.status).toBe(400);
      expect(damaged.body.error.details).toEqual([{ field: 'imageData', message: 'imageData must be base64-encoded image bytes' }]);
    });

    it('accepts a base64 image larger than the global 1 MB JSON limit', async () => {
      // ~1.2 MB of base64 in a 10 MB-image route: the route's own body limit applies.
      const padding = Buffer.alloc(900_000, 0);
      const bytes = Buffer.concat([await distinctPng(), padding]);
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageData: bytes.toString('base64') } });
      expect(response.status).toBe(200);
    });

    it('sets X-RateLimit headers on a counted response', async () => {
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        expect(response.headers.get(header)).toMatch(/^\d+$/);
      }
    });

    it('stores each generation, cached ones included, with its key and flags', async () => {
      const { token: own, user } = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      await env.server.request('POST', '/api/v1/images', { token: own, body: { imageUrl } });
      await env.server.request('POST', '/api/v1/images', { token: own, body: { imageUrl } });
      const rows = await env.server.app.db
        .selectFrom('generations')
        .selectAll()
        .where('user_id', '=', user.userId)
        .orderBy('created_at')
        .execute();
      expect(rows.map((row) => [row.source, row.cached, row.provider])).toEqual([
        [imageUrl, 0, 'openai-compatible'],
        [imageUrl, 1, 'openai-compatible'],
      ]);
      expect(JSON.parse(rows[0]!.issues)).toEqual(expect.any(Array));
    });
  });

  describe(`POST /api/v1/images input errors (${database})`, () => {
    let env: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
      ({ token } = await registerUser(env.server));
    });
    afterAll(() => env.close());

    it('requires a caller', async () => {
      const response = await env.server.request('POST', '/api/v1/images', { body: { imageUrl: await env.hostImage() } });
      expect(response.status).toBe(401);
    });

    it.each([
      ['no image at all', {}],
      ['both a URL and data', { imageUrl: 'https://example.com/a.png', imageData: 'aGVsbG8=' }],
      ['a non-http URL', { imageUrl: 'ftp://example.com/a.png' }],
      ['a relative URL', { imageUrl: '/a.png' }],
      ['broken base64', { imageData: '!!!not base64!!!' }],
      ['a bad maxLength', { imageUrl: 'https://example.com/a.png', maxLength: 5 }],
    ])('answers 400 for %s', async (_name, body) => {
      const response = await env.server.request('POST', '/api/v1/images', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toMatch(/^(validation_failed|bad_request)$/);
    });

    it('answers 400 for an empty file, a form without a file, and an empty body', async () => {
      const empty = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(Buffer.alloc(0)) });
      expect(empty.status).toBe(400);
      const form = new FormData();
      form.append('context', 'no file here');
      const noFile = await env.server.request('POST', '/api/v1/images', { token, body: form });
      expect(noFile.status).toBe(400);
      expect(noFile.body.error.details[0].field).toBe('file');
      const nothing = await env.server.request('POST', '/api/v1/images', { token });
      expect(nothing.status).toBe(400);
    });

    it('answers 400 for a bad multipart field, with the shared message', async () => {
      const response = await env.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(await distinctPng(), 'a.png', { maxLength: 'lots' }),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].field).toBe('maxLength');
    });

    it('checks alt text written by hand without counting it', async () => {
      const response = await env.server.request('POST', '/api/v1/alt-text/check', {
        token,
        body: { altText: 'Image of a dog' },
      });
      expect(response.status).toBe(200);
      expect(response.body.issues.length).toBeGreaterThan(0);
      expect(typeof response.body.wcagCompliant).toBe('boolean');
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
      const good = await env.server.request('POST', '/api/v1/alt-text/check', {
        token,
        body: { altText: 'Golden retriever catching a red frisbee on a sunny beach' },
      });
      expect(good.body).toEqual({ wcagCompliant: true, issues: [] });
    });

    it('describes with the offline provider by default and says so', async () => {
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage() } });
      expect(response.status).toBe(200);
      expect(response.body.provider).toBe('offline');
      expect(response.body.issues.map((issue: { id: string }) => issue.id)).toContain('no-vision-model');
      expect(env.server.app.altTextProvider).toBe('offline');
    });
  });

  // A server of its own: the byte cap is configuration, read once at start-up.
  describe(`POST /api/v1/images with a 2 KB byte cap (${database})`, () => {
    let small: AltTextTestEnv;
    let token: string;
    beforeAll(async () => {
      small = await startAltTextEnv(database, { env: { IMAGE_MAX_BYTES: '2048' } });
      ({ token } = await registerUser(small.server));
    });
    afterAll(() => small.close());

    it('answers 413 for an upload over IMAGE_MAX_BYTES', async () => {
      const big = await small.server.request('POST', '/api/v1/images', { token, body: uploadForm(Buffer.alloc(4096, 1)) });
      expect(big.status).toBe(413);
      expect(big.body.error.code).toBe('payload_too_large');
    });

    it('answers 415 for an uploaded file that is not an image', async () => {
      const text = await small.server.request('POST', '/api/v1/images', {
        token,
        body: uploadForm(Buffer.from('just some text, not an image')),
      });
      expect(text.status).toBe(415);
      expect(text.body.error.code).toBe('unsupported_media_type');
    });
  });
}
