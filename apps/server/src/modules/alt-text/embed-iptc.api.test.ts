// POST /api/v1/images with embed: "iptc" (issue 38): the upload comes back with its alt text in
// its own XMP, written by exiftool, pixels untouched. Read back here with exiftool itself.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { startAltTextEnv, uploadForm } from './alt-text.test-support';
import { cameraJpeg, exiftoolTags, pixelHash } from './iptc.test-support';

const history = async (server: TestServer, token: string) => (await server.request('GET', '/api/v1/images', { token })).body.items as unknown[];

for (const database of DATABASES) {
  describe(`embed: "iptc" on uploads (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true });
      env.vision!.setReply(() => ({ altText: 'Harbour at dusk with two fishing boats moored by the pier', longDescription: 'A wide view of a small harbour at dusk.' }));
    });
    afterAll(() => env.close());

    it('answers an uploaded JPEG with AltTextAccessibility readable by exiftool and identical pixels', async () => {
      const { token } = await registerUser(env.server);
      const jpeg = await cameraJpeg();
      const response = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(jpeg, 'harbour.jpg', { embed: 'iptc' }) });
      expect(response.status).toBe(200);
      const { embedded, altText } = response.body;
      expect(altText).toBe('Harbour at dusk with two fishing boats moored by the pier');
      expect(embedded.mimeType).toBe('image/jpeg');
      const written = Buffer.from(embedded.data, 'base64');
      const tags = exiftoolTags(written);
      expect(tags['XMP-iptcCore:AltTextAccessibility']).toBe(altText);
      expect(tags['XMP-iptcCore:AltTextAccessibility-en']).toBe(altText);
      expect(tags['XMP-iptcCore:ExtDescrAccessibility']).toBe('A wide view of a small harbour at dusk.');
      expect(tags['IFD0:Make']).toBe('Altwise Test Camera');
      expect(await pixelHash(written)).toBe(await pixelHash(jpeg));
    });

    it('JSON imageData: a WebP in French, by its bytes whatever its file name says', async () => {
      const { token } = await registerUser(env.server);
      const webp = await cameraJpeg('webp');
      const response = await env.server.request('POST', '/api/v1/images', { token, body: { imageData: webp.toString('base64'), fileName: 'port.png', language: 'fr', embed: 'iptc' } });
      expect(response.status).toBe(200);
      expect(response.body.embedded.mimeType).toBe('image/webp');
      const written = Buffer.from(response.body.embedded.data, 'base64');
      expect(exiftoolTags(written)['XMP-iptcCore:AltTextAccessibility-fr']).toBe(response.body.altText);
      expect(await pixelHash(written)).toBe(await pixelHash(webp));
    });

    it('embedSuffix marks the text in the file only: "(AI-generated)" in the metadata, not in altText', async () => {
      const { token } = await registerUser(env.server);
      const response = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await cameraJpeg(), 'a.jpg', { embed: 'iptc', embedSuffix: '(AI-generated)' }) });
      expect(response.status).toBe(200);
      expect(response.body.altText).toBe('Harbour at dusk with two fishing boats moored by the pier');
      const tags = exiftoolTags(Buffer.from(response.body.embedded.data, 'base64'));
      expect(tags['XMP-iptcCore:AltTextAccessibility']).toBe('Harbour at dusk with two fishing boats moored by the pier (AI-generated)');
      expect(tags['XMP-iptcCore:ExtDescrAccessibility']).toBe('A wide view of a small harbour at dusk. (AI-generated)');
      const alone = await env.server.request('POST', '/api/v1/images', { token, body: { imageData: (await cameraJpeg()).toString('base64'), embedSuffix: '(AI-generated)' } });
      expect(alone.status).toBe(400);
    });

    it('with Idempotency-Key, a replay answers the same embedded image', async () => {
      const { token } = await registerUser(env.server);
      const body = { imageData: (await cameraJpeg()).toString('base64'), embed: 'iptc' };
      const headers = { 'idempotency-key': 'embed-replay-1' };
      const first = await env.server.request('POST', '/api/v1/images', { token, body, headers });
      const again = await env.server.request('POST', '/api/v1/images', { token, body, headers });
      expect(first.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.embedded.data).toBe(first.body.embedded.data);
    });

    it('answers no embedded image unless asked', async () => {
      const { token } = await registerUser(env.server);
      const response = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await cameraJpeg(), 'plain.jpg') });
      expect(response.status).toBe(200);
      expect(response.body.embedded).toBeUndefined();
    });

    it('refuses, before charging, an image URL, an unknown embed, and a GIF', async () => {
      const { token } = await registerUser(env.server);
      const byUrl = await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl: await env.hostImage(), embed: 'iptc' } });
      expect(byUrl.status).toBe(400);
      expect(JSON.stringify(byUrl.body)).toContain('embed works on an uploaded image');
      const unknown = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await cameraJpeg(), 'a.jpg', { embed: 'exif' }) });
      expect(unknown.status).toBe(400);
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).gif().toBuffer();
      const refused = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(gif, 'a.gif', { embed: 'iptc' }) });
      expect(refused.status).toBe(415);
      expect(await history(env.server, token)).toEqual([]);
    });
  });

  describe(`embed: "iptc" on a server without exiftool (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true, env: { EXIFTOOL_PATH: 'exiftool-not-installed-here' } });
    });
    afterAll(() => env.close());

    it('answers 503 naming exiftool, and charges nothing', async () => {
      const { token } = await registerUser(env.server);
      const response = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await cameraJpeg(), 'a.jpg', { embed: 'iptc' }) });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('service_unavailable');
      expect(response.body.error.message).toMatch(/needs exiftool/);
      expect(await history(env.server, token)).toEqual([]);
    });
  });
}
