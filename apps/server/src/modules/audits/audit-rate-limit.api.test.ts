import { AUDITS_PER_HOUR, HOUR_MS } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageHost } from '@altwise/test-support/image-host';
import { startImageHost } from '@altwise/test-support/image-host';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { setPlan } from '../alt-text/alt-text.test-support';

/**
 * Every audit fetches and parses a page of up to 5 MB and charges no generation: each one counts
 * against the account's hourly audits (AUDITS_PER_HOUR), and one past it is a 429 with Retry-After.
 */
for (const database of DATABASES) {
  describe(`audits per account and hour (${database})`, () => {
    let server: TestServer;
    let host: ImageHost;
    // Ten minutes into an hour: the window ends in 50 minutes.
    let clock = Date.parse('2030-03-01T10:10:00.000Z');

    beforeAll(async () => {
      host = await startImageHost();
      host.set('/small.html', { body: '<html lang="en"><img src="/a.png" alt="A lobster pot"></html>', contentType: 'text/html' });
      server = await startTestServer(database, { IMAGE_FETCH_ALLOW: host.hostPort, PAGE_FETCH_ALLOW: host.hostPort }, { now: () => clock });
    });
    afterAll(async () => {
      await server?.close();
      await host.close();
    });

    const audit = (token: string, headers: Record<string, string> = {}) =>
      server.request('POST', '/api/v1/audits', { token, headers, body: { url: `${host.url}/small.html` } });

    it('answers the 31st audit of a Free account in an hour with 429 and Retry-After; others and the next hour are unaffected', async () => {
      const free = await registerUser(server);
      const neighbour = await registerUser(server);
      expect(AUDITS_PER_HOUR.free).toBe(30);
      // The other tests audit the same page too, before this one in a shuffled run.
      const pageHits = host.hits('/small.html');
      for (let index = 0; index < AUDITS_PER_HOUR.free; index += 1) expect((await audit(free.token)).status).toBe(201);
      const refused = await audit(free.token);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_many_requests');
      expect(refused.body.error.message).toContain('30 audits per hour');
      expect(Number(refused.headers.get('retry-after'))).toBe(50 * 60);
      expect(host.hits('/small.html') - pageHits).toBe(AUDITS_PER_HOUR.free);
      // Nothing stored for the refused ones.
      expect((await server.request('GET', '/api/v1/audits?limit=100', { token: free.token })).body.items).toHaveLength(AUDITS_PER_HOUR.free);

      expect((await audit(neighbour.token)).status).toBe(201);
      clock += HOUR_MS;
      // (An hour later the access token has expired too: sign in again.)
      const again = await server.request('POST', '/api/auth/login', { body: { email: free.credentials.email, password: free.credentials.password } });
      expect((await audit(again.body.token)).status).toBe(201);
    });

    it('allows a Pro account more (300 an hour)', async () => {
      const pro = await registerUser(server);
      await setPlan(server, pro.user.userId, 'pro');
      expect(AUDITS_PER_HOUR.pro).toBe(300);
      for (let index = 0; index < AUDITS_PER_HOUR.free + 1; index += 1) expect((await audit(pro.token)).status).toBe(201);
    }, 60_000);

    it('replays an audit made within the limit without counting it again', async () => {
      const free = await registerUser(server);
      // One audit, replayed 29 times: one counted.
      for (let index = 0; index < AUDITS_PER_HOUR.free; index += 1) {
        expect((await audit(free.token, { 'idempotency-key': 'one' })).status).toBe(201);
      }
      for (let index = 1; index < AUDITS_PER_HOUR.free; index += 1) expect((await audit(free.token)).status).toBe(201);
      expect((await audit(free.token)).status).toBe(429);
    });
  });
}
