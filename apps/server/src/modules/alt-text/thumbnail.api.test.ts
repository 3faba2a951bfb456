import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { distinctPng, startAltTextEnv, uploadForm } from './alt-text.test-support';
import { THUMBNAIL_EDGE } from './thumbnail';

for (const database of DATABASES) {
  describe(`history thumbnails of uploads (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: false });
    });
    afterAll(() => env.close());

    const history = (token: string) => env.server.request('GET', '/api/v1/images', { token });

    it('keeps a small WebP preview of an uploaded image with its history row', async () => {
      const { token } = await registerUser(env.server);
      const upload = await env.server.request('POST', '/api/v1/images', { token, body: uploadForm(await distinctPng(600)) });
      expect(upload.status).toBe(200);

      const [item] = (await history(token)).body.items;
      expect(item.thumbnail).toMatch(/^data:image\/webp;base64,/);
      const bytes = Buffer.from(item.thumbnail.split(',')[1], 'base64');
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(THUMBNAIL_EDGE);
      expect(bytes.length).toBeLessThan(20_000);
    });

    it('serves the preview to the owner only: another account sees none of it', async () => {
      const owner = await registerUser(env.server);
      const other = await registerUser(env.server);
      await env.server.request('POST', '/api/v1/images', { token: owner.token, body: uploadForm(await distinctPng(200)) });
      const theirs = await history(other.token);
      expect(theirs.body.items).toEqual([]);
      expect(JSON.stringify(theirs.body)).not.toContain('data:image');
    });

    it('stores no thumbnail for an image given by URL (its URL is the preview)', async () => {
      const { token } = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      expect((await env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } })).status).toBe(200);
      const [item] = (await history(token)).body.items;
      expect(item.imageUrl).toBe(imageUrl);
      expect(item.thumbnail).toBeUndefined();
    });
  });
}
