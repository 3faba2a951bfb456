import { MAX_ACTIVE_API_KEYS } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import type { TestClock } from '../usage/usage.test-support';
import { AUTH_CACHE_TTL_MS, REVEALS_PER_HOUR } from './api-key.service';
import { createTestClock, meteringFor } from '../usage/usage.test-support';

for (const database of DATABASES) {
  describe(`API keys (${database})`, () => {
    let server: TestServer;
    let clock: TestClock;
    beforeAll(async () => {
      clock = createTestClock('2030-06-10T12:00:00.000Z');
      server = await startTestServer(database, {}, { now: () => clock.now });
    });
    afterAll(() => server.close());

    const create = (token: string, body: unknown = {}) =>
      server.request('POST', '/api/v1/api-keys', { token, body });
    const list = async (token: string) =>
      (await server.request('GET', '/api/v1/api-keys', { token })).body.apiKeys as any[];

    it('creates an ak_live_ key for the account, ignoring the plan in the body', async () => {
      const { token, user } = await registerUser(server);
      const response = await create(token, { userId: user.userId, plan: 'enterprise' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        userId: user.userId,
        plan: 'free',
        limits: { requestsPerHour: 100, requestsPerDay: 500 },
        remainingRequests: { hour: 100, day: 500 },
        usage: { hour: 0, day: 0 },
        // The clock, where the tests before this one (any of them, shuffled) left it.
        createdAt: new Date(clock.now).toISOString(),
        lastUsedAt: null,
        status: 'active',
      });
      expect(response.body.apiKey).toMatch(/^ak_live_[A-Za-z0-9]{40}$/);
      const profile = await server.request('GET', '/api/auth/profile', { token });
      expect(profile.body.user.plan).toBe('free');
    });

    it('refuses to create a key for another userId with 403', async () => {
      const other = await registerUser(server);
      const { token } = await registerUser(server);
      const response = await create(token, { userId: other.user.userId });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
      expect(await list(other.token)).toEqual([]);
      expect(await list(token)).toEqual([]);
    });

    it('never stores the key in plaintext: only an HMAC and a ciphertext', async () => {
      const { token, user } = await registerUser(server);
      const { apiKey } = (await create(token)).body;
      const rows = await server.app.db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', user.userId)
        .execute();
      expect(rows).toHaveLength(1);
      const secret = apiKey.slice('ak_live_'.length);
      for (const value of Object.values(rows[0]!)) {
        expect(String(value)).not.toContain(secret);
        expect(String(value)).not.toContain(secret.slice(0, 20));
        expect(String(value)).not.toContain(secret.slice(20));
      }
      expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
      // The owner still sees the key, on an explicit reveal only.
      const listed = (await list(token))[0];
      expect(listed.apiKey).toBe(`ak_live_…${apiKey.slice(-4)}`);
      expect(listed.masked).toBe(true);
      const revealed = await server.request('POST', `/api/v1/api-keys/${listed.id}/reveal`, { token });
      expect(revealed.body).toEqual({ apiKey });
    });

    it('lists keys masked (no secret character but the last four) and returns them in full only at creation', async () => {
      const { token } = await registerUser(server);
      const created = (await create(token)).body;
      expect(created.masked).toBe(false);
      const response = await server.request('GET', '/api/v1/api-keys', { token });
      const body = JSON.stringify(response.body);
      expect(body).not.toContain(created.apiKey.slice(8, 44));
      expect(response.body.apiKeys[0]).toMatchObject({ id: created.id, apiKey: `ak_live_…${created.apiKey.slice(-4)}`, masked: true });
    });

    it('reveals a key to its owner and records each reveal as an audit row, charging no quota', async () => {
      const { token, user } = await registerUser(server);
      const created = (await create(token)).body;
      const reveal = await server.request('POST', `/api/v1/api-keys/${created.id}/reveal`, { token });
      expect(reveal.status).toBe(200);
      expect(reveal.body).toEqual({ apiKey: created.apiKey });
      const audit = await server.app.db.selectFrom('api_key_reveals').selectAll().where('user_id', '=', user.userId).execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ api_key_id: created.id, ip: '127.0.0.1', created_at: clock.now });
      // The reveal is not a generation request: the account's remaining requests are untouched.
      expect((await list(token))[0].remainingRequests).toEqual({ hour: 100, day: 500 });
    });

    it("answers 404 when revealing another account's key, an unknown id or a revoked key, and records nothing", async () => {
      const owner = await registerUser(server);
      const intruder = await registerUser(server);
      const key = (await create(owner.token)).body;
      const reveal = (token: string, id: string) => server.request('POST', `/api/v1/api-keys/${id}/reveal`, { token });
      expect((await reveal(intruder.token, key.id)).status).toBe(404);
      expect((await reveal(owner.token, 'no-such-key')).status).toBe(404);
      await server.request('DELETE', `/api/v1/api-keys/${key.id}`, { token: owner.token });
      expect((await reveal(owner.token, key.id)).status).toBe(404);
      expect((await server.request('POST', `/api/v1/api-keys/${key.id}/reveal`)).status).toBe(401);
      const audit = await server.app.db.selectFrom('api_key_reveals').selectAll().where('api_key_id', '=', key.id).execute();
      expect(audit).toEqual([]);
    });

    it(`limits reveals to ${REVEALS_PER_HOUR} an hour per account (429 with Retry-After)`, async () => {
      const { token, refreshToken } = await registerUser(server);
      const key = (await create(token)).body;
      const reveal = (bearer = token) => server.request('POST', `/api/v1/api-keys/${key.id}/reveal`, { token: bearer });
      for (let i = 0; i < REVEALS_PER_HOUR; i += 1) expect((await reveal()).status).toBe(200);
      const refused = await reveal();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(3_600_000);
      // The access token has expired meanwhile; the next hour allows reveals again.
      const fresh = (await server.request('POST', '/api/auth/refresh', { body: { refreshToken } })).body.token;
      expect((await reveal(fresh)).status).toBe(200);
    });

    it(`allows ${MAX_ACTIVE_API_KEYS} active keys, answers 409 for the 11th, and lists them oldest first`, async () => {
      const { token } = await registerUser(server);
      const created: string[] = [];
      for (let i = 0; i < MAX_ACTIVE_API_KEYS; i += 1) {
        clock.advance(1000);
        const response = await create(token);
        expect(response.status).toBe(201);
        created.push(response.body.id);
      }
      const eleventh = await create(token);
      expect(eleventh.status).toBe(409);
      expect(eleventh.body.error.code).toBe('conflict');
      expect((await list(token)).map((key) => key.id)).toEqual(created);

      // Revoked keys do not count: revoking one makes room for one more.
      expect((await server.request('DELETE', `/api/v1/api-keys/${created[0]}`, { token })).status).toBe(200);
      expect((await create(token)).status).toBe(201);
      expect((await create(token)).status).toBe(409);
    });

    it(`creates exactly ${MAX_ACTIVE_API_KEYS} keys when 12 or 15 creates race on a fresh account, the rest 409`, async () => {
      for (const racers of [12, 15]) {
        const { token, user } = await registerUser(server);
        const responses = await Promise.all(Array.from({ length: racers }, () => create(token)));
        expect(responses.filter((r) => r.status === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
        expect(responses.filter((r) => r.status === 409)).toHaveLength(racers - MAX_ACTIVE_API_KEYS);
        const active = await server.app.db
          .selectFrom('api_keys')
          .select('id')
          .where('user_id', '=', user.userId)
          .where('status', '=', 'active')
          .execute();
        expect(active).toHaveLength(MAX_ACTIVE_API_KEYS);
      }
    });

    it('a revoked key frees its place for a new one', async () => {
      const { token } = await registerUser(server);
      const created = await Promise.all(Array.from({ length: MAX_ACTIVE_API_KEYS }, () => create(token)));
      expect(created.every((r) => r.status === 201)).toBe(true);
      expect((await create(token)).status).toBe(409);
      expect((await server.request('DELETE', `/api/v1/api-keys/${created[3]!.body.id}`, { token })).status).toBeLessThan(300);
      expect((await create(token)).status).toBe(201);
      expect((await create(token)).status).toBe(409);
    });

    it('revokes at once: the key answers 401 from then on and leaves the list', async () => {
      const { token } = await registerUser(server);
      const key = (await create(token)).body;
      expect((await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey })).status).toBe(200);
      const revoked = await server.request('DELETE', `/api/v1/api-keys/${key.id}`, { token });
      expect(revoked.status).toBe(200);
      const after = await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey });
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('unauthorized');
      expect(await list(token)).toEqual([]);
      const row = await server.app.db
        .selectFrom('api_keys')
        .select(['status', 'revoked_at'])
        .where('id', '=', key.id)
        .executeTakeFirst();
      expect(row).toEqual({ status: 'revoked', revoked_at: clock.now });
      // Revoking again finds no active key.
      expect((await server.request('DELETE', `/api/v1/api-keys/${key.id}`, { token })).status).toBe(404);
    });

    it('forgets a remembered key when its account is deleted: the next request is a 401', async () => {
      const { token } = await registerUser(server);
      const key = (await create(token)).body;
      expect((await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey })).status).toBe(200);
      expect((await server.request('DELETE', '/api/v1/user', { token })).status).toBe(200);
      expect((await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey })).status).toBe(401);
    });

    it(`remembers an authentication for at most ${AUTH_CACHE_TTL_MS / 1000} s when the key is revoked elsewhere (another instance)`, async () => {
      const { token } = await registerUser(server);
      const key = (await create(token)).body;
      const useKey = async () =>
        (await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey })).status;
      expect(await useKey()).toBe(200);
      // As another instance would: the row changes, this process is not told.
      await server.app.db
        .updateTable('api_keys')
        .set({ status: 'revoked', revoked_at: clock.now })
        .where('id', '=', key.id)
        .execute();
      expect(await useKey()).toBe(200);
      clock.advance(AUTH_CACHE_TTL_MS);
      expect(await useKey()).toBe(401);
    });

    it("answers 404 for another user's key and for an unknown id, changing nothing", async () => {
      const owner = await registerUser(server);
      const key = (await create(owner.token)).body;
      const { token } = await registerUser(server);
      const foreign = await server.request('DELETE', `/api/v1/api-keys/${key.id}`, { token });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('not_found');
      expect((await server.request('DELETE', '/api/v1/api-keys/no-such-key', { token })).status).toBe(404);
      expect((await list(owner.token)).map((k) => k.id)).toEqual([key.id]);
      expect((await server.request('GET', '/api/v1/usage', { apiKey: key.apiKey })).status).toBe(200);
    });

    it("validates only the caller's own active keys", async () => {
      const owner = await registerUser(server);
      const key = (await create(owner.token)).body;
      const other = await registerUser(server);
      const validate = (token: string, apiKey: string) =>
        server.request('POST', '/api/v1/api-keys/validate', { token, body: { apiKey } });

      expect((await validate(owner.token, key.apiKey)).body).toEqual({ valid: true });
      expect((await validate(other.token, key.apiKey)).body).toEqual({ valid: false });
      expect((await validate(owner.token, 'ak_live_not-a-key')).body).toEqual({ valid: false });
      expect((await validate(owner.token, `ak_live_${'A'.repeat(40)}`)).body).toEqual({ valid: false });
      await server.request('DELETE', `/api/v1/api-keys/${key.id}`, { token: owner.token });
      expect((await validate(owner.token, key.apiKey)).body).toEqual({ valid: false });
      expect((await validate(owner.token, '')).status).toBe(400);
    });

    it('needs a signed-in user: an API key alone cannot manage keys', async () => {
      const { token } = await registerUser(server);
      const key = (await create(token)).body;
      expect((await server.request('GET', '/api/v1/api-keys')).status).toBe(401);
      expect((await server.request('GET', '/api/v1/api-keys', { apiKey: key.apiKey })).status).toBe(401);
      expect(
        (await server.request('POST', '/api/v1/api-keys', { apiKey: key.apiKey, body: {} })).status,
      ).toBe(401);
    });

    it('records last use at most once a minute per key', async () => {
      const { token } = await registerUser(server);
      const key = (await create(token)).body;
      const lastUsed = async () => (await list(token))[0].lastUsedAt;
      const useKey = () => server.request('GET', '/api/v1/usage', { apiKey: key.apiKey });

      const first = clock.now;
      await useKey();
      expect(await lastUsed()).toBe(new Date(first).toISOString());
      clock.advance(30_000);
      await useKey();
      expect(await lastUsed()).toBe(new Date(first).toISOString());
      clock.advance(31_000);
      await useKey();
      expect(await lastUsed()).toBe(new Date(clock.now).toISOString());
    });

    it("shows each key's own usage and the account's shared remaining requests", async () => {
      const { token, user, credentials } = await registerUser(server);
      const first = (await create(token)).body;
      clock.advance(1000);
      const second = (await create(token)).body;
      const { quota, usage } = meteringFor(server, () => clock.now);
      const spend = async (
        apiKeyId: string | null,
        images: number,
        outcome: 'success' | 'error' | 'throttled' = 'success',
      ) => {
        if (outcome !== 'throttled') await quota.admit(user.userId, images);
        await usage.record({
          userId: user.userId,
          apiKeyId,
          endpoint: 'POST /api/v1/images',
          outcome,
          images,
          processingMs: 40,
          cached: false,
        });
      };
      clock.set('2030-06-11T08:10:00.000Z');
      await spend(first.id, 3);
      clock.set('2030-06-11T09:10:00.000Z');
      await spend(first.id, 2, 'error');
      await spend(first.id, 7, 'throttled');
      await spend(second.id, 4);
      await spend(null, 1);

      // A fresh session: the first access token expired while the clock moved on.
      const login = await server.request('POST', '/api/auth/login', {
        body: { email: credentials.email, password: credentials.password },
      });
      const keys = await list(login.body.token);
      expect(keys.map((k) => [k.id, k.usage])).toEqual([
        [first.id, { hour: 2, day: 5 }],
        [second.id, { hour: 4, day: 4 }],
      ]);
      for (const key of keys) expect(key.remainingRequests).toEqual({ hour: 100 - 7, day: 500 - 10 });
      clock.set('2030-06-10T12:00:00.000Z');
    });
  });
}
