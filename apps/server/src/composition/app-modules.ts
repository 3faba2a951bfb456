// Every module of the server, once. Adding a module is one line here; the root orders them by
// what each declares it needs, and the order below only decides the order of the HTTP routes
// (and so of the API reference).
import { accountModule } from '../modules/account';
import { altTextModule } from '../modules/alt-text';
import { apiKeysModule } from '../modules/api-keys';
import { auditsModule } from '../modules/audits';
import { authModule, revocationsModule } from '../modules/auth';
import { billingModule } from '../modules/billing';
import { demoModule } from '../modules/demo';
import { idempotencyModule } from '../modules/idempotency';
import { instanceModule } from '../modules/instances';
import { jobsModule } from '../modules/jobs';
import { legalModule } from '../modules/legal';
import { mailModule } from '../modules/mail';
import { monitorsModule } from '../modules/monitors';
import { plansModule } from '../modules/plans';
import { rateLimiterModule } from '../modules/rate-limits';
import { usageModule } from '../modules/usage';
import { usersModule } from '../modules/users';
import { webhooksModule } from '../modules/webhooks';
import type { ModuleDefinition } from '../platform/app-module';
import { guardsModule, lifecycleModule } from './platform-modules';

export const APP_MODULES: readonly ModuleDefinition[] = [
  instanceModule,
  lifecycleModule,
  rateLimiterModule,
  revocationsModule,
  mailModule,
  authModule,
  legalModule,
  usersModule,
  plansModule,
  apiKeysModule,
  usageModule,
  billingModule,
  idempotencyModule,
  altTextModule,
  jobsModule,
  webhooksModule,
  auditsModule,
  monitorsModule,
  accountModule,
  demoModule,
  guardsModule,
];

/** What a worker process builds: the bulk jobs and the instance's heartbeat, with what they need. */
export const WORKER_ROOTS = ['jobs', 'lifecycle'] as const;
