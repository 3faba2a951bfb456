import type { Executor } from '../../db/executor';
import type { SettingsService } from '../users';
import type { AccountWebhookEvent, WebhooksService } from './webhooks.service';

/**
 * Settings → "Webhook notifications" (off by default): account events go to the account's default
 * webhook URL (PUT /v1/webhooks/default), signed and retried as job webhooks are. The event is
 * stored in its cause's transaction (the key's insert, the job's end, the alert's claim), so it is
 * queued exactly when the cause commits; every read here goes through that transaction too. With
 * the switch off, or no default URL, nothing is stored and nothing fails.
 */
export function createAccountWebhooks(deps: { settings: Pick<SettingsService, 'get'>; webhooks: Pick<WebhooksService, 'defaultUrl' | 'enqueueAccountEvent'> }) {
  return {
    /** True when the event was queued. `jobId` lists a job.finished event with its job's deliveries. */
    async emit(userId: string, event: AccountWebhookEvent, data: object, executor: Executor, jobId: string | null = null): Promise<boolean> {
      const settings = await deps.settings.get(userId, executor);
      if (!settings.api.webhooks) return false;
      const url = await deps.webhooks.defaultUrl(userId, executor);
      if (!url) return false;
      await deps.webhooks.enqueueAccountEvent({ userId, url, jobId }, event, data, executor);
      return true;
    },
  };
}

export type AccountWebhooks = ReturnType<typeof createAccountWebhooks>;
