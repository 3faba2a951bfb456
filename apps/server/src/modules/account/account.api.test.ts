import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { meteringFor } from '../usage/usage.test-support';

for (const database of DATABASES) {
  describe(`DELETE /api/v1/user (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(() => server.close());

    const db = () => server.app.db;

    /** A generation row as the alt-text module would write it (this suite is not about generating). */
    async function addGeneration(userId: string, apiKeyId: string | null) {
      await db()
        .insertInto('generations')
        .values({
          id: `gen-${Math.random().toString(36).slice(2)}`,
          user_id: userId,
          api_key_id: apiKeyId,
          source: 'https://example.com/a.png',
          alt_text: 'A red bicycle leaning on a wall',
          long_description: null,
          is_decorative: 0,
          contains_text: 0,
          text_in_image: null,
          wcag_compliant: 1,
          issues: '[]',
          provider: 'offline',
          model: 'offline',
          cached: 0,
          processing_ms: 12,
          created_at: Date.now(),
        })
        .execute();
    }

    /** An account with something in every table it owns or is referenced from. */
    async function populatedAccount() {
      const session = await registerUser(server);
      const { token, user, credentials } = session;
      const key = (await server.request('POST', '/api/v1/api-keys', { token, body: {} })).body;
      const login = await server.request('POST', '/api/auth/login', { body: { email: credentials.email, password: credentials.password } });
      await server.request('PUT', '/api/v1/settings', { token, body: { notifications: { push: true } } });
      await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro', paymentMethodId: 'pm_test_visa' } });
      const { quota, usage } = meteringFor(server);
      await quota.admit(user.userId, 3);
      await usage.record({ userId: user.userId, apiKeyId: key.id, endpoint: 'POST /api/v1/images', outcome: 'success', images: 3, processingMs: 20, cached: false });
      await addGeneration(user.userId, key.id);
      return { ...session, key, secondRefreshToken: login.body.refreshToken as string };
    }

    async function rowsOf(userId: string) {
      const count = async (table: 'api_keys' | 'refresh_tokens' | 'user_settings' | 'generations' | 'subscriptions' | 'quota_counters' | 'usage_events' | 'usage_rollups') =>
        (await db().selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).length;
      return {
        users: (await db().selectFrom('users').select('id').where('id', '=', userId).execute()).length,
        api_keys: await count('api_keys'),
        refresh_tokens: await count('refresh_tokens'),
        user_settings: await count('user_settings'),
        generations: await count('generations'),
        subscriptions: await count('subscriptions'),
        quota_counters: await count('quota_counters'),
        usage_events: await count('usage_events'),
        usage_rollups: await count('usage_rollups'),
      };
    }

    it('deletes the account and its data, keeps usage events anonymously, leaves others alone', async () => {
      const account = await populatedAccount();
      const bystander = await populatedAccount();
      const before = await rowsOf(account.user.userId);
      expect(Object.values(before).every((n) => n > 0)).toBe(true);
      const bystanderBefore = await rowsOf(bystander.user.userId);
      const usageEvents = () => db().selectFrom('usage_events').select(['user_id', 'api_key_id']).execute();
      // Other tests of this server delete accounts too, in any order: count what this deletion adds.
      const eventsBefore = await usageEvents();

      const response = await server.request('DELETE', '/api/v1/user', { token: account.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });

      expect(await rowsOf(account.user.userId)).toEqual({
        users: 0,
        api_keys: 0,
        refresh_tokens: 0,
        user_settings: 0,
        generations: 0,
        subscriptions: 0,
        quota_counters: 0,
        usage_events: 0,
        usage_rollups: 0,
      });
      const events = await usageEvents();
      expect(events).toHaveLength(eventsBefore.length);
      const anonymous = (rows: typeof events) => rows.filter((e) => e.user_id === null);
      expect(anonymous(events)).toEqual([...anonymous(eventsBefore), { user_id: null, api_key_id: null }]);
      expect(await rowsOf(bystander.user.userId)).toEqual(bystanderBefore);
      expect((await server.request('GET', '/api/v1/usage', { apiKey: bystander.key.apiKey })).status).toBe(200);
    });

    it('leaves nothing usable: the key, the sessions and the password all answer 401', async () => {
      const account = await populatedAccount();
      expect((await server.request('GET', '/api/v1/usage', { apiKey: account.key.apiKey })).status).toBe(200);
      expect((await server.request('DELETE', '/api/v1/user', { token: account.token })).status).toBe(200);

      expect((await server.request('GET', '/api/v1/usage', { apiKey: account.key.apiKey })).status).toBe(401);
      for (const refreshToken of [account.refreshToken, account.secondRefreshToken]) {
        expect((await server.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
      }
      const login = await server.request('POST', '/api/auth/login', {
        body: { email: account.credentials.email, password: account.credentials.password },
      });
      expect(login.status).toBe(401);
      // The access token still verifies until it expires, but there is no account behind it.
      expect((await server.request('GET', '/api/auth/profile', { token: account.token })).status).toBe(401);
      expect((await server.request('GET', '/api/v1/api-keys', { token: account.token })).status).toBe(401);
      expect((await server.request('DELETE', '/api/v1/user', { token: account.token })).status).toBe(401);
      // The email is free again.
      const again = await server.request('POST', '/api/auth/register', { body: account.credentials });
      expect(again.status).toBe(201);
    });

    it('cascades from users in the database itself (foreign keys are on)', async () => {
      const account = await populatedAccount();
      await db().deleteFrom('users').where('id', '=', account.user.userId).execute();
      const rows = await rowsOf(account.user.userId);
      expect(rows).toMatchObject({ users: 0, api_keys: 0, refresh_tokens: 0, user_settings: 0, generations: 0, subscriptions: 0 });
    });

    it('needs a signed-in user; an API key cannot delete the account', async () => {
      const account = await populatedAccount();
      expect((await server.request('DELETE', '/api/v1/user')).status).toBe(401);
      expect((await server.request('DELETE', '/api/v1/user', { apiKey: account.key.apiKey })).status).toBe(401);
      expect((await rowsOf(account.user.userId)).users).toBe(1);
    });
  });
}
