import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { startAltTextEnv } from './alt-text.test-support';

/**
 * The cache is scoped per account, and the public demo has a scope of its own (issue 18 row 7):
 * no answer, its `cached` flag, tries or timing, may tell one caller what another described.
 */
for (const database of DATABASES) {
  describe(`alt-text cache scope (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { model: true, env: { LOG_LEVEL: 'error' } });
    });
    afterAll(() => env.close());

    const describeAs = (token: string, imageUrl: string, context?: string) =>
      env.server.request('POST', '/api/v1/images', { token, body: { imageUrl, ...(context ? { context } : {}) } });

    it("never answers one account from another account's description: each describes afresh, then hits its own", async () => {
      const a = await registerUser(env.server);
      const b = await registerUser(env.server);
      const imageUrl = `${await env.hostImage(undefined, '/img')}?s=4242`;
      const context = 'Project Falcon launch slide';

      const first = await describeAs(a.token, imageUrl, context);
      expect(first.body).toMatchObject({ cached: false });
      expect((await describeAs(a.token, imageUrl, context)).body).toMatchObject({ cached: true, tries: 0 });

      const calls = env.vision!.calls;
      const fromB = await describeAs(b.token, imageUrl, context);
      expect(fromB.status).toBe(200);
      expect(fromB.body.cached).toBe(false);
      expect(fromB.body.tries).toBeGreaterThan(0);
      // B's answer came from the model, not from A's entry.
      expect(env.vision!.calls).toBe(calls + 1);
      expect((await describeAs(b.token, imageUrl, context)).body).toMatchObject({ cached: true, tries: 0 });
      expect(env.vision!.calls).toBe(calls + 1);
    });

    it('gives the anonymous demo a scope of its own: an account\'s entry is not the demo\'s, nor the reverse', async () => {
      const a = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      const own = await describeAs(a.token, imageUrl);
      expect(own.body, JSON.stringify(own.body)).toMatchObject({ cached: false });

      const calls = env.vision!.calls;
      const demo = await env.server.request('POST', '/api/v1/demo', { body: { imageUrl } });
      expect(demo.status).toBe(200);
      expect(demo.body.cached).toBe(false);
      expect(env.vision!.calls).toBe(calls + 1);
      expect((await env.server.request('POST', '/api/v1/demo', { body: { imageUrl } })).body.cached).toBe(true);

      const c = await registerUser(env.server);
      const demoFirst = await env.hostImage();
      await env.server.request('POST', '/api/v1/demo', { body: { imageUrl: demoFirst } });
      expect((await describeAs(c.token, demoFirst)).body.cached).toBe(false);
    });

    it('stores each entry with its account, so the account is its owner (and the demo\'s with none)', async () => {
      const a = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      await describeAs(a.token, imageUrl);
      const owned = await env.server.app.db.selectFrom('alt_text_cache').select('cache_key').where('user_id', '=', a.user.userId).execute();
      expect(owned).toHaveLength(1);

      const demoEntries = () => env.server.app.db.selectFrom('alt_text_cache').select(['cache_key', 'user_id']).where('cache_key', 'like', 'demo:%').execute();
      const before = (await demoEntries()).length;
      expect((await env.server.request('POST', '/api/v1/demo', { body: { imageUrl: await env.hostImage() } })).status).toBe(200);
      const after = await demoEntries();
      expect(after).toHaveLength(before + 1);
      expect(after.every((entry) => entry.user_id === null)).toBe(true);
    });
  });
}
