import { defineModule } from '../../platform/app-module';
import type { AccountWebhooks } from './account-webhooks';
import { createAccountWebhooks } from './account-webhooks';
import { createWebhooksRepository } from './webhooks.repository';
import type { WebhooksService } from './webhooks.service';
import { createWebhooksService } from './webhooks.service';

export interface WebhooksModule {
  webhooks: WebhooksService;
  /** Account events for the default webhook URL (API keys, rate-limit alerts, job ends queue them in their transactions). */
  accountWebhooks: AccountWebhooks;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    webhooks: WebhooksModule;
  }
}

/**
 * Webhook deliveries, signed and retried: the jobs' own and the account's events. A module apart
 * from bulk jobs because usage and API keys queue account events too, and jobs need usage.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  needs: ['users'],
  create: ({ ctx, options, retention }, { users: { settings } }) => {
    const repository = createWebhooksRepository(ctx.db);
    const webhooks = createWebhooksService({ ctx, repository, allow: ctx.config.webhooks.allow, retryBaseMs: options.jobs?.webhookRetryBaseMs ?? 10_000 });
    // Account events (no job) sent or given up: kept as long as jobs, whose events go with them.
    retention.add({ name: 'account webhook events', run: async (trx, at) => void (await repository.deleteAccountEventsBefore(trx, at.jobs)) });
    return { webhooks, accountWebhooks: createAccountWebhooks({ settings, webhooks }) };
  },
});
