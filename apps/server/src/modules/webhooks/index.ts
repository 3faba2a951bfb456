// The webhooks module's public surface: the composition root builds it from here; jobs, usage and
// API keys queue their events through what it provides.
export { webhooksModule } from './webhooks.module';
export type { WebhooksModule } from './webhooks.module';
export type { AccountWebhookEvent, JobWebhookEvent, WebhooksService } from './webhooks.service';
