import { ALREADY_ON_PLAN_MESSAGE } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';
import { addOneMonthUtc } from './billing.service';

const NOW = '2030-01-31T12:00:00.000Z';

for (const database of DATABASES) {
  describe(`subscriptions (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, {}, { now: () => Date.parse(NOW) });
    });
    afterAll(() => server.close());

    const subscription = async (token: string) =>
      (await server.request('GET', '/api/user/subscription', { token })).body.subscription;
    const planOf = async (token: string) => (await server.request('GET', '/api/auth/profile', { token })).body.user.plan;
    const subscribe = (token: string, planId: string, paymentMethodId = 'pm_test_visa') =>
      server.request('POST', '/api/user/subscription', { token, body: { planId, paymentMethodId } });

    it('shows a new account on the free plan with no billing period', async () => {
      const { token } = await registerUser(server);
      expect(await subscription(token)).toEqual({
        plan: 'free',
        status: 'active',
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      });
    });

    it('subscribes to Pro: the plan changes at once, the period runs one month', async () => {
      const { token, user } = await registerUser(server);
      const response = await subscribe(token, 'pro');
      expect(response.status).toBe(201);
      const expected = {
        plan: 'pro',
        status: 'active',
        currentPeriodStart: NOW,
        currentPeriodEnd: '2030-02-28T12:00:00.000Z',
        cancelAtPeriodEnd: false,
      };
      expect(response.body.subscription).toEqual(expected);
      expect(await subscription(token)).toEqual(expected);
      expect(await planOf(token)).toBe('pro');
      const usage = await server.request('GET', '/api/v1/usage', { token });
      expect(usage.body.currentUsage.hour.limit).toBe(2000);
      const row = await server.app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).executeTakeFirst();
      expect(row).toMatchObject({ plan: 'pro', status: 'active', payment_method_ref: 'pm_test_visa' });
    });

    it('answers 409 "You are already on this plan" for the current plan, by POST, PUT and DELETE', async () => {
      const { token } = await registerUser(server);
      await subscribe(token, 'pro');
      for (const response of [
        await subscribe(token, 'pro'),
        await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'pro' } }),
      ]) {
        expect(response.status).toBe(409);
        expect(response.body.error).toEqual({ code: 'conflict', message: ALREADY_ON_PLAN_MESSAGE });
      }
      const free = await registerUser(server);
      for (const response of [
        await server.request('DELETE', '/api/user/subscription', { token: free.token }),
        await server.request('PUT', '/api/user/subscription', { token: free.token, body: { plan: 'free' } }),
      ]) {
        expect(response.status).toBe(409);
        expect(response.body.error.message).toBe(ALREADY_ON_PLAN_MESSAGE);
      }
    });

    it('answers 400 for an unknown plan and for subscribing to free', async () => {
      const { token } = await registerUser(server);
      for (const planId of ['platinum', 'free', 'starter', 'PRO']) {
        const response = await subscribe(token, planId);
        expect(response.status).toBe(400);
      }
      expect((await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'platinum' } })).status).toBe(400);
      expect(await planOf(token)).toBe('free');
    });

    it('refuses anything that looks like a card number, storing nothing', async () => {
      const { token, user } = await registerUser(server);
      for (const card of ['4242424242424242', '4242 4242 4242 4242', '4000-0566-5566-5556', 'pm_378282246310005', '6011111111111117000']) {
        const response = await subscribe(token, 'pro', card);
        expect(response.status).toBe(400);
        expect(JSON.stringify(response.body)).not.toContain(card);
      }
      expect(await planOf(token)).toBe('free');
      const rows = await server.app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).execute();
      expect(rows).toEqual([]);
    });

    it('changes between paid plans with PUT using the payment method on file, and PUT free cancels', async () => {
      const { token } = await registerUser(server);
      await subscribe(token, 'pro');
      const upgrade = await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'enterprise' } });
      expect(upgrade.status).toBe(200);
      expect(upgrade.body.subscription).toMatchObject({ plan: 'enterprise', status: 'active', currentPeriodStart: NOW });
      expect(await planOf(token)).toBe('enterprise');
      const downgrade = await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'free' } });
      expect(downgrade.status).toBe(200);
      expect(downgrade.body.subscription).toMatchObject({ plan: 'free', currentPeriodEnd: null });
      expect(await planOf(token)).toBe('free');
    });

    it('refuses PUT to a paid plan without a payment method on file', async () => {
      const { token } = await registerUser(server);
      const response = await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'pro' } });
      expect(response.status).toBe(400);
      expect(await planOf(token)).toBe('free');
    });

    it('DELETE returns to free at once and forgets the payment method', async () => {
      const { token, user } = await registerUser(server);
      await subscribe(token, 'enterprise');
      const response = await server.request('DELETE', '/api/user/subscription', { token });
      expect(response.status).toBe(200);
      expect(response.body.subscription).toEqual({
        plan: 'free',
        status: 'active',
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
      });
      expect(await planOf(token)).toBe('free');
      const usage = await server.request('GET', '/api/v1/usage', { token });
      expect(usage.body.currentUsage.hour.limit).toBe(100);
      const rows = await server.app.db.selectFrom('subscriptions').selectAll().where('user_id', '=', user.userId).execute();
      expect(rows).toEqual([]);
    });

    it('needs a signed-in user', async () => {
      expect((await server.request('GET', '/api/user/subscription')).status).toBe(401);
      expect((await server.request('POST', '/api/user/subscription', { body: { planId: 'pro', paymentMethodId: 'pm_x' } })).status).toBe(401);
    });
  });
}

describe('addOneMonthUtc', () => {
  it('keeps the time of day and clamps to the end of a shorter month', () => {
    const next = (iso: string) => new Date(addOneMonthUtc(Date.parse(iso))).toISOString();
    expect(next('2030-01-15T08:30:00.000Z')).toBe('2030-02-15T08:30:00.000Z');
    expect(next('2032-01-31T00:00:00.000Z')).toBe('2032-02-29T00:00:00.000Z');
    expect(next('2030-03-31T23:59:59.000Z')).toBe('2030-04-30T23:59:59.000Z');
    expect(next('2030-12-31T10:00:00.000Z')).toBe('2031-01-31T10:00:00.000Z');
  });
});
