import { DEFAULT_SETTINGS } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

for (const database of DATABASES) {
  describe(`settings (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    const get = async (token: string) =>
      (await server.request('GET', '/api/v1/settings', { token })).body.settings;
    const put = (token: string, body: unknown) => server.request('PUT', '/api/v1/settings', { token, body });

    it('starts from the documented defaults', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('GET', '/api/v1/settings', { token });
      expect(response.status).toBe(200);
      expect(response.body.settings).toEqual({
        notifications: { email: true, push: false, sms: false, marketing: true },
        privacy: { analytics: true, crashReports: true, profileVisibility: 'private' },
        security: { twoFactor: false, loginAlerts: true, sessionTimeout: '24h' },
        api: { rateLimitAlerts: true, usageReports: true, webhooks: false },
        altText: { language: 'en', maxLength: 125, trailingPeriod: false, keywords: [], instructions: '' },
      });
      expect(response.body.settings).toEqual(DEFAULT_SETTINGS);
    });

    it('merges a partial change over what is stored and keeps it per user', async () => {
      const { token } = await registerUser(server);
      const other = await registerUser(server);
      const first = await put(token, { notifications: { push: true }, security: { sessionTimeout: '7d' } });
      expect(first.status).toBe(200);
      const second = await put(token, {
        notifications: { marketing: false },
        privacy: { profileVisibility: 'public' },
      });
      const expected = {
        ...DEFAULT_SETTINGS,
        notifications: { email: true, push: true, sms: false, marketing: false },
        privacy: { analytics: true, crashReports: true, profileVisibility: 'public' },
        security: { twoFactor: false, loginAlerts: true, sessionTimeout: '7d' },
      };
      expect(second.body.settings).toEqual(expected);
      expect(await get(token)).toEqual(expected);
      expect(await get(other.token)).toEqual(DEFAULT_SETTINGS);
    });

    it('answers 400 for values outside the model and changes nothing', async () => {
      const { token } = await registerUser(server);
      for (const body of [
        { security: { sessionTimeout: '2h' } },
        { notifications: { email: 'yes' } },
        { privacy: { profileVisibility: 'friends' } },
        { theme: 'dark' },
        { api: { webhooks: 1 } },
        { altText: { keywords: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] } },
        { altText: { instructions: 'x'.repeat(1001) } },
        { altText: { maxLength: 5 } },
        { altText: { language: 'not a language' } },
        { altText: { trailingPeriod: 'yes' } },
      ]) {
        const response = await put(token, body);
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('validation_failed');
      }
      expect(await get(token)).toEqual(DEFAULT_SETTINGS);
    });

    it('needs a signed-in user', async () => {
      expect((await server.request('GET', '/api/v1/settings')).status).toBe(401);
      expect((await server.request('PUT', '/api/v1/settings', { body: {} })).status).toBe(401);
    });
  });
}
