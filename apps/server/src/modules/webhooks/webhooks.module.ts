import { defineModule } from '../../platform/app-module';
import type { AccountWebhooks } from './account-webhooks';
import { createAccountWebhooks } from './account-webhooks';
import { createWebhooksRepository } from './webhooks.repository';
import { webhooksRoutes } from './webhooks.routes';
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

/** How often an instance looks for due deliveries (a queued event also wakes it once committed). */
const POLL_MS = 500;

/**
 * Webhook deliveries, signed and retried: the jobs' own and the account's events, sent by this
 * module's own loop on every instance (a delivery is claimed, so only one sends it). A module apart
 * from bulk jobs because usage and API keys queue account events too, and jobs need usage.
 */
export const webhooksModule = defineModule({
  name: 'webhooks',
  needs: ['users', 'revocations'],
  create: ({ ctx, logger, options, retention }, { users: { settings }, revocations }) => {
    const repository = createWebhooksRepository(ctx.db);
    const webhooks = createWebhooksService({
      ctx,
      repository,
      allow: ctx.config.webhooks.allow,
      retryBaseMs: options.webhooks?.retryBaseMs ?? 10_000,
      pollMs: POLL_MS,
      onSweepError: (error) => logger.warn({ err: error }, 'webhook delivery sweep failed; retrying'),
    });
    // A deleted account's attempts stop wherever they are being sent.
    revocations.subscribe((revocation) => {
      if (revocation.kind === 'user' && revocation.deleted) webhooks.forgetAccount(revocation.id);
    });
    // Account events (no job) sent or given up: kept as long as jobs, whose events go with them.
    retention.add({ name: 'account webhook events', run: async (trx, at) => void (await repository.deleteAccountEventsBefore(trx, at.jobs)) });
    return { webhooks, accountWebhooks: createAccountWebhooks({ settings, webhooks }) };
  },
  http: {
    // A job's deliveries are listed only to the job's owner (the jobs module says whose it is).
    needs: ['guards', 'jobs'],
    register: async (app, { webhooks }, { guards, jobs }) => {
      await app.register(webhooksRoutes, { webhooks, jobs: jobs.jobs, guards });
    },
  },
  start: ({ webhooks }) => webhooks.start(),
  // After jobs (which need it) stopped: the attempts under way finish within their deadline.
  stop: ({ webhooks }) => webhooks.stop(),
});
