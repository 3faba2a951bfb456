import { defineModule } from '../../platform/app-module';
import { accountRoutes } from './account.routes';
import type { AccountService } from './account.service';
import { createAccountService } from './account.service';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    account: AccountService;
  }
}

/** Deleting an account: through every module whose rows an account owns, so it needs them all. */
export const accountModule = defineModule({
  name: 'account',
  needs: ['users', 'auth', 'apiKeys', 'billing', 'usage', 'revocations', 'mail', 'jobs', 'webhooks', 'altText', 'idempotency'],
  create: ({ ctx }, deps) =>
    createAccountService({
      db: ctx.db,
      users: deps.users.users,
      settings: deps.users.settings,
      refreshTokens: deps.auth.refreshTokens,
      passwords: deps.auth.passwords,
      emailChanges: deps.auth.emailChanges,
      verifications: deps.auth.verifications,
      twoFactor: deps.auth.twoFactor,
      loginAlerts: deps.auth.loginAlerts,
      apiKeys: deps.apiKeys,
      billing: deps.billing.billing,
      quota: deps.usage.quota,
      usage: deps.usage.usage,
      limitAlerts: deps.usage.limitAlerts,
      weeklyReports: deps.usage.weeklyReports,
      revocations: deps.revocations,
      mail: deps.mail,
      jobs: deps.jobs,
      webhooks: deps.webhooks.webhooks,
      altText: deps.altText.altText,
      idempotency: deps.idempotency,
    }),
  http: {
    needs: ['guards'],
    register: async (app, account, { guards }) => {
      await app.register(accountRoutes, { account, guards });
    },
  },
});
