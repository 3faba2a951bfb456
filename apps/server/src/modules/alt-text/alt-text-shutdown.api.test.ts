import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { DATABASES, registerUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from './alt-text.test-support';
import { distinctPng, startAltTextEnv } from './alt-text.test-support';

for (const database of DATABASES) {
  // In order, even in a shuffled run: the shutdown test closes the server the first one uses.
  describe(`history and usage rows under load and at shutdown (${database})`, { shuffle: false }, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database);
    });
    afterAll(() => env.close());

    it('has every row of every answered request, in history and usage, as soon as the answers arrive', async () => {
      const { token, user } = await registerUser(env.server);
      const imageUrl = await env.hostImage();
      // Concurrent requests share transactions; each answer still waits for its own rows.
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } })),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const generations = await env.server.app.db.selectFrom('generations').select('id').where('user_id', '=', user.userId).execute();
      const events = await env.server.app.db.selectFrom('usage_events').select('outcome').where('user_id', '=', user.userId).execute();
      expect(generations).toHaveLength(30);
      expect(events).toHaveLength(30);
      const history = await env.server.request('GET', '/api/v1/images?limit=50', { token });
      expect(history.body.items).toHaveLength(30);
      const usage = await env.server.request('GET', '/api/v1/usage?range=24h', { token });
      expect(usage.body.trends.totalRequestsToday).toBe(30);
    });

    it('loses nothing on a graceful shutdown: requests in flight finish and their rows are committed', async () => {
      const { token, user } = await registerUser(env.server);
      // A slow image keeps the requests in flight; the server is closed once they have all arrived.
      const path = '/slow-at-shutdown.png';
      env.host.set(path, { body: await distinctPng(), contentType: 'image/png', delayMs: 300 });
      const imageUrl = env.host.url + path;
      const inFlight = Array.from({ length: 20 }, () =>
        env.server.request('POST', '/api/v1/images', { token, body: { imageUrl } }).catch(() => null),
      );
      const deadline = Date.now() + 10_000;
      while (env.host.hits(path) < 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await env.server.app.close();
      const answered = (await Promise.all(inFlight)).filter((answer) => answer?.status === 200).length;

      const reopened = openDatabase({ databaseUrl: env.server.databaseUrl, dataDir: env.server.dataDir });
      try {
        const generations = await reopened.db.selectFrom('generations').select('id').where('user_id', '=', user.userId).execute();
        const events = await reopened.db
          .selectFrom('usage_events')
          .select('outcome')
          .where('user_id', '=', user.userId)
          .where('outcome', '=', 'success')
          .execute();
        expect(answered).toBeGreaterThan(0);
        expect(generations).toHaveLength(answered);
        expect(events).toHaveLength(answered);
      } finally {
        await reopened.destroy();
      }
    });
  });
}
