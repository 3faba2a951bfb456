import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, registerVerifiedUser } from '../../../test/support/test-server';
import type { AltTextTestEnv } from '../alt-text/alt-text.test-support';
import { startAltTextEnv } from '../alt-text/alt-text.test-support';
import { createLimitAlertsRepository } from './limit-alerts.repository';

// Rate-limit alerts through the real generation endpoint. A free account: 100 an hour, 500 a day,
// so 150 requests cross 80 % and 100 % of the hour and neither level of the day.
const NOW = Date.parse('2030-01-15T10:30:00.000Z');

for (const database of DATABASES) {
  describe(`rate-limit alerts (${database})`, () => {
    let env: AltTextTestEnv;
    beforeAll(async () => {
      env = await startAltTextEnv(database, { now: () => NOW });
    });
    afterAll(() => env.close());

    const createKey = async (token: string) =>
      (await env.server.request('POST', '/api/v1/api-keys', { token, body: {} })).body.apiKey as string;
    const generate = async (apiKey: string, count: number) => {
      const imageUrl = await env.hostImage();
      const responses = await Promise.all(
        Array.from({ length: count }, () => env.server.request('POST', '/api/v1/images', { apiKey, body: { imageUrl } })),
      );
      return responses.map((response) => response.status);
    };
    /** Alerts queued for sending (a skipped one, for an unverified address, is not mail). */
    const alertMails = (userId: string) =>
      env.server.app.db
        .selectFrom('mail_outbox')
        .select(['subject', 'to_address'])
        .where('user_id', '=', userId)
        .where('kind', '=', 'rate-limit-alert')
        .where('status', '!=', 'skipped')
        .orderBy('created_at')
        .orderBy('subject')
        .execute();

    it('mails once at 80 % and once at 100 % of the hourly limit, however many requests follow', async () => {
      const { token, user } = await registerVerifiedUser(env.server);
      const apiKey = await createKey(token);
      const statuses = await generate(apiKey, 150);
      expect(statuses.filter((status) => status === 200)).toHaveLength(100);
      // The alert is queued before the answer that crossed its level leaves.
      const mails = await alertMails(user.userId);
      expect(mails.map((mail) => mail.subject).sort()).toEqual(['You reached your hourly limit', 'You used 80% of your hourly limit']);
      expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(1);

      const more = await generate(apiKey, 20);
      expect(more.every((status) => status === 429)).toBe(true);
      expect(await alertMails(user.userId)).toHaveLength(2);
      const rows = await env.server.app.db.selectFrom('limit_alerts').select(['window', 'level']).where('user_id', '=', user.userId).orderBy('level').execute();
      expect(rows.map((row) => [row.window, Number(row.level)])).toEqual([
        ['hour', 80],
        ['hour', 100],
      ]);
    });

    it('an account that has not verified its address gets no alert: each is recorded as skipped', async () => {
      const { token, user } = await registerUser(env.server);
      const apiKey = await createKey(token);
      expect((await generate(apiKey, 100)).every((status) => status === 200)).toBe(true);
      expect(await alertMails(user.userId)).toEqual([]);
      const skipped = await env.server.app.db.selectFrom('mail_outbox').select(['status', 'body_sealed']).where('user_id', '=', user.userId).where('kind', '=', 'rate-limit-alert').execute();
      expect(skipped).toEqual([
        { status: 'skipped', body_sealed: '' },
        { status: 'skipped', body_sealed: '' },
      ]);
    });

    it('lets exactly one of several concurrent claims of one window and level through (one mail across instances)', async () => {
      const { user } = await registerVerifiedUser(env.server);
      const alerts = createLimitAlertsRepository(env.server.app.db);
      const key = { userId: user.userId, window: 'day' as const, windowStart: Date.parse('2030-01-15T00:00:00.000Z'), level: 80 };
      const claims = await Promise.all(
        Array.from({ length: 5 }, () => env.server.app.db.transaction().execute((trx) => alerts.claim(key, NOW, trx))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('sends nothing when "Rate limit alerts" is off', async () => {
      const { token, user } = await registerVerifiedUser(env.server);
      expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { api: { rateLimitAlerts: false } } })).status).toBe(200);
      const apiKey = await createKey(token);
      expect((await generate(apiKey, 100)).every((status) => status === 200)).toBe(true);
      expect(await alertMails(user.userId)).toEqual([]);
    });

    it('sends nothing when "Email notifications" (the master switch) is off', async () => {
      const { token, user } = await registerVerifiedUser(env.server);
      expect((await env.server.request('PUT', '/api/v1/settings', { token, body: { notifications: { email: false } } })).status).toBe(200);
      const apiKey = await createKey(token);
      expect((await generate(apiKey, 100)).every((status) => status === 200)).toBe(true);
      expect(await alertMails(user.userId)).toEqual([]);
    });
  });
}
