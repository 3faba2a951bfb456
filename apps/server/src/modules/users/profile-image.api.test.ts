// The profile picture is stored (issue 35 row 18): re-encoded by sharp to a small WebP without its
// metadata, size-limited, answered to its owner only, replaced, removed, and gone with the account.
import { profileImageSchema } from '@altwise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

const PATH = '/api/v1/user/profile-image';
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

/** A 1200×800 JPEG carrying a GPS position in its EXIF, as a phone photo does. */
const phonePhoto = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();

const stored = (image: string) => Buffer.from(image.replace(/^data:image\/webp;base64,/, ''), 'base64');

for (const database of DATABASES) {
  describe(`profile picture (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    it('stores the picture re-encoded (a WebP of at most 256 px, no EXIF) and answers it after a reload, to its owner only', async () => {
      const { token } = await registerUser(server);
      expect((await server.request('GET', PATH, { token })).body).toEqual({ image: null, updatedAt: null });

      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const put = await server.request('PUT', PATH, { token, body: { imageData: dataUrl(photo) } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const saved = profileImageSchema.parse(put.body);
      expect(saved.image).toMatch(/^data:image\/webp;base64,/);
      const meta = await sharp(stored(saved.image!)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 171 });
      expect(meta.exif).toBeUndefined();

      // Read again (a reload): the same picture.
      expect((await server.request('GET', PATH, { token })).body).toEqual(saved);
      // Another account sees only its own (none); without a session, nothing.
      const other = await registerUser(server);
      expect((await server.request('GET', PATH, { token: other.token })).body).toEqual({ image: null, updatedAt: null });
      expect((await server.request('GET', PATH)).status).toBe(401);
      expect((await server.request('PUT', PATH, { body: { imageData: dataUrl(photo) } })).status).toBe(401);

      // Replaced by the next upload, removed by DELETE.
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 0, b: 255 } } }).png().toBuffer();
      const replaced = await server.request('PUT', PATH, { token, body: { imageData: png.toString('base64') } });
      expect(replaced.status).toBe(200);
      expect(replaced.body.image).not.toBe(saved.image);
      expect(await sharp(stored(replaced.body.image)).metadata()).toMatchObject({ width: 40, height: 40 });
      expect((await server.request('DELETE', PATH, { token })).body).toEqual({ image: null, updatedAt: null });
      expect((await server.request('GET', PATH, { token })).body).toEqual({ image: null, updatedAt: null });
    });

    it('refuses what is not a picture (400) and a picture over 5 MB (413), keeping the one stored', async () => {
      const { token } = await registerUser(server);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
      const kept = (await server.request('PUT', PATH, { token, body: { imageData: dataUrl(png, 'image/png') } })).body.image as string;

      const text = await server.request('PUT', PATH, { token, body: { imageData: dataUrl(Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml') } });
      expect(text.status).toBe(400);
      expect(text.body.error.message).toBe('The file is not a picture we can read: use a JPEG, PNG, GIF, WebP or AVIF image');
      expect((await server.request('PUT', PATH, { token, body: { imageData: '' } })).status).toBe(400);
      expect((await server.request('PUT', PATH, { token, body: { imageData: 'not base64 at all!' } })).status).toBe(400);

      const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await server.request('PUT', PATH, { token, body: { imageData: huge.toString('base64') } });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.error.message).toBe('The picture can be at most 5 MB');
      expect((await server.request('GET', PATH, { token })).body.image).toBe(kept);
    });

    it('goes with the account', async () => {
      const account = await registerUser(server);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } }).png().toBuffer();
      expect((await server.request('PUT', PATH, { token: account.token, body: { imageData: png.toString('base64') } })).status).toBe(200);
      expect((await server.request('DELETE', '/api/v1/user', { token: account.token })).status).toBe(200);
      const left = await server.app.db.selectFrom('user_profile_images').select('user_id').where('user_id', '=', account.user.userId as string).execute();
      expect(left).toEqual([]);
    });
  });
}
