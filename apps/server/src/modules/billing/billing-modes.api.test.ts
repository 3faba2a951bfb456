import { OPERATOR_ASSIGNS_PLANS_NOTICE, TEST_MODE_NOTICE } from '@altwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { DATABASES, registerUser, startTestServer } from '../../../test/support/test-server';
import type { TestServer } from '../../../test/support/test-server';

describe('BILLING_PROVIDER configuration', () => {
  it('defaults to none, and stripe needs its four variables', () => {
    expect(loadConfig({}).billing.provider).toBe('none');
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_WEBHOOK_SECRET.*STRIPE_PRICE_PRO.*STRIPE_PRICE_ENTERPRISE/);
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
  });
});

for (const database of DATABASES) {
  describe(`billing by default: fails closed (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      // '' is "unset": the default of `npm start`.
      server = await startTestServer(database, { BILLING_PROVIDER: '' });
    });
    afterAll(() => server.close());

    it('refuses to sell a paid plan with 403 billing_not_configured that tells an operator what to do', async () => {
      const { token } = await registerUser(server);
      const post = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'enterprise', paymentMethodId: 'x' } });
      expect(post.status).toBe(403);
      expect(post.body.error.code).toBe('billing_not_configured');
      expect(post.body.error.message).toContain('npm run admin -- set-plan');
      expect(post.body.error.message).toContain('BILLING_PROVIDER');
      const put = await server.request('PUT', '/api/user/subscription', { token, body: { plan: 'pro' } });
      expect(put.status).toBe(403);
      const profile = await server.request('GET', '/api/auth/profile', { token });
      expect(profile.body.user.plan).toBe('free');
    });

    it('says plans are assigned by the operator, and still lets a user go back to free', async () => {
      const { token, user } = await registerUser(server);
      const shown = await server.request('GET', '/api/user/subscription', { token });
      expect(shown.body.billing).toEqual({ mode: 'none', notice: OPERATOR_ASSIGNS_PLANS_NOTICE });
      await server.app.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', user.userId).execute();
      const cancel = await server.request('DELETE', '/api/user/subscription', { token });
      expect(cancel.status).toBe(200);
      expect(cancel.body.subscription.plan).toBe('free');
    });

    it('has no Stripe webhook to forge', async () => {
      const response = await server.request('POST', '/api/billing/stripe/webhook', { body: { type: 'checkout.session.completed' } });
      expect(response.status).toBe(404);
    });
  });

  describe(`BILLING_PROVIDER=test (${database})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database, { BILLING_PROVIDER: 'test' });
    });
    afterAll(() => server.close());

    it('approves at once and says on every answer that no payment is taken', async () => {
      const { token } = await registerUser(server);
      const post = await server.request('POST', '/api/user/subscription', { token, body: { planId: 'pro', paymentMethodId: 'pm_demo' } });
      expect(post.status).toBe(201);
      expect(post.body.subscription.plan).toBe('pro');
      expect(post.body.billing).toEqual({ mode: 'test', notice: TEST_MODE_NOTICE });
      expect(TEST_MODE_NOTICE).toBe('Test mode — no payment is taken');
      for (const [method, body] of [['GET', undefined], ['PUT', { plan: 'enterprise' }], ['DELETE', undefined]] as const) {
        const response = await server.request(method, '/api/user/subscription', { token, body });
        expect(response.status).toBe(200);
        expect(response.body.billing.notice).toBe(TEST_MODE_NOTICE);
      }
    });
  });
}
