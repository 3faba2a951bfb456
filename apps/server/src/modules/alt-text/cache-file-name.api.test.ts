import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`the result cache and file names (${database})`, () => {
    let server: TestServer;
    let token: string;
    let png: Buffer;
    beforeAll(async () => {
      server = await startTestServer(database);
      ({ token } = await registerUser(server));
      png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a7f3b' } }).png().toBuffer();
    });
    afterAll(() => server.close());

    const upload = async (fileName: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), fileName);
      const response = await server.request('POST', '/api/v1/images', { token, body: form });
      expect(response.status).toBe(200);
      return response.body as { altText: string; cached: boolean };
    };

    it('does not answer one file name with the text written for another name of the same bytes', async () => {
      const bicycle = await upload('red-bicycle.png');
      const meadow = await upload('sunny-meadow.png');
      expect(bicycle.altText.toLowerCase()).toContain('bicycle');
      expect(meadow.cached).toBe(false);
      expect(meadow.altText.toLowerCase()).toContain('meadow');
      expect((await upload('sunny-meadow.png')).cached).toBe(true);
    });
  });
}
