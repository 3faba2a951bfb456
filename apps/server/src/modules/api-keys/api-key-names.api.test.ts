import { API_KEY_NAME_MAX_LENGTH } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`API key names (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    const create = (token: string, body: unknown = {}) => server.request('POST', '/api/v1/api-keys', { token, body });
    const list = async (token: string) => (await server.request('GET', '/api/v1/api-keys', { token })).body.apiKeys as any[];

    it('keeps the name given at creation, trimmed, in the create answer and the list', async () => {
      const { token } = await registerUser(server);
      const created = await create(token, { name: '  Production  ' });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Production');
      const listed = await list(token);
      expect(listed.map((key) => key.name)).toEqual(['Production']);
    });

    it('names a key created without a name (as the original create call does) "Key ending in" its last four characters', async () => {
      const { token, user } = await registerUser(server);
      const created = await create(token, { userId: user.userId, plan: 'free' });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe(`Key ending in ${created.body.apiKey.slice(-4)}`);
      expect((await list(token))[0].name).toBe(created.body.name);
    });

    it('gives keys made before names existed (name NULL) the "Key ending in" name', async () => {
      const { token, user } = await registerUser(server);
      const created = (await create(token, { name: 'Old one' })).body;
      // What migration 0016 leaves on a key created before it: no name.
      await server.app.db.updateTable('api_keys').set({ name: null }).where('user_id', '=', user.userId).execute();
      expect((await list(token))[0].name).toBe(`Key ending in ${created.apiKey.slice(-4)}`);
    });

    it('refuses an empty, too long or multi-line name with 400 and creates nothing', async () => {
      const { token } = await registerUser(server);
      for (const name of ['', '   ', 'x'.repeat(API_KEY_NAME_MAX_LENGTH + 1), 'line\nbreak', 'tab\there', 42]) {
        const response = await create(token, { name });
        expect(response.status, JSON.stringify(name)).toBe(400);
        expect(response.body.error.code).toBe('validation_failed');
      }
      expect(await list(token)).toEqual([]);
      const longest = 'x'.repeat(API_KEY_NAME_MAX_LENGTH);
      expect((await create(token, { name: longest })).body.name).toBe(longest);
    });

    it('documents the name in the OpenAPI document', async () => {
      const spec = (await server.request('GET', '/api/openapi.json')).body;
      const post = spec.paths['/api/v1/api-keys'].post;
      expect(post.requestBody.content['application/json'].schema.properties.name).toMatchObject({
        type: 'string',
        maxLength: API_KEY_NAME_MAX_LENGTH,
      });
      expect(post.responses['201'].content['application/json'].schema.required).toContain('name');
    });
  });
}
