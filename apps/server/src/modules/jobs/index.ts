// The jobs module's public surface: the composition root builds it (and its webhooks) from here.
export { createJobsModule, jobsModule } from './jobs.module';
export type { JobsModule } from './jobs.module';
export type { JobsService } from './jobs.service';
export { webhooksModule } from './webhooks.module';
export type { WebhooksModule } from './webhooks.module';
