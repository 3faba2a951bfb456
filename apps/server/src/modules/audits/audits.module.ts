import { defineModule } from '../../platform/app-module';
import { createAuditRepository } from './audit.repository';
import type { AuditService } from './audit.service';
import { createAuditService } from './audit.service';
import { auditsRoutes } from './audits.routes';

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    audits: AuditService;
  }
}

/** Page audits: a page's images, their alt text judged, and drafts for what is missing (large pages as jobs). */
export const auditsModule = defineModule({
  name: 'audits',
  // usage: the quota decision of the suggestions (QuotaExceeded, the headers), through alt-text's generations.
  needs: ['altText', 'jobs', 'users', 'usage', 'rateLimiter'],
  create: ({ ctx }, { altText, jobs, users, rateLimiter }) =>
    createAuditService({ ctx, altText: altText.altText, jobs: jobs.jobs, planOf: (userId) => users.users.planOf(userId), rateLimiter, repository: createAuditRepository(ctx.db) }),
  http: {
    needs: ['guards', 'idempotency'],
    register: async (app, audits, { guards, idempotency }) => {
      await app.register(auditsRoutes, { audits, guards, idempotency });
    },
  },
  // The page-parsing workers end with it.
  stop: (audits) => audits.close(),
});
