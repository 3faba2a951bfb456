import { defineModule } from '../../platform/app-module';
import type { LimitAlerts } from './limit-alerts';
import { createLimitAlerts } from './limit-alerts';
import { createLimitAlertsRepository } from './limit-alerts.repository';
import type { MeteringService } from './metering.service';
import { createMeteringService } from './metering.service';
import type { AccountQuotaService } from './quota.service';
import { createQuotaRepository } from './quota.repository';
import { createQuotaService } from './quota.service';
import { createReservationRepository } from './reservation.repository';
import { createUsageRepository } from './usage.repository';
import { usageRoutes } from './usage.routes';
import type { UsageService } from './usage.service';
import { createUsageService } from './usage.service';
import type { WeeklyReports } from './weekly-report';
import { createWeeklyReports } from './weekly-report';
import { createWeeklyReportRepository } from './weekly-report.repository';

export interface UsageModule {
  quota: AccountQuotaService;
  usage: UsageService;
  metering: MeteringService;
  limitAlerts: LimitAlerts;
  weeklyReports: WeeklyReports;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    usage: UsageModule;
  }
}

const WEEKLY_REPORTS_EVERY_MS = 60 * 60 * 1000;

/** Quotas (admission, metering), usage statistics, and the mails about them: limit alerts, weekly reports. */
export const usageModule = defineModule({
  name: 'usage',
  needs: ['users', 'mail', 'instance', 'webhooks'],
  create: ({ ctx, logger, retention }, { users: { users, settings }, mail, instance, webhooks }) => {
    const events = createUsageRepository(ctx.db);
    const quota = createQuotaService(ctx, { users, counters: createQuotaRepository(ctx.db, ctx.dialect) });
    const usage = createUsageService(ctx, { quota, usage: events });
    const metering = createMeteringService(ctx, { quota, instance, reservations: createReservationRepository(ctx.db), events });
    const limitAlerts = createLimitAlerts({ ctx, users, settings, mail, logger, events: webhooks.accountWebhooks, alerts: createLimitAlertsRepository(ctx.db) });
    quota.onLimitCrossing(limitAlerts.crossed);
    const weeklyReports = createWeeklyReports({ ctx, users, settings, quota, mail, logger, reports: createWeeklyReportRepository(ctx.db) });
    retention.add({ name: 'usage events', run: (trx, at) => events.deleteEventsBefore(trx, at.records) });
    retention.add({ name: 'quota windows', run: (trx, at) => quota.deleteEndedWindows(trx, at.now) });
    return { quota, usage, metering, limitAlerts, weeklyReports };
  },
  http: {
    needs: ['guards'],
    register: async (app, { usage }, { guards }) => {
      await app.register(usageRoutes, { usage, guards });
    },
  },
  // Hourly: a Monday's reports go out within the hour, and an instance started later catches up.
  start: ({ weeklyReports }, { logger }) => {
    const timer = setInterval(
      () => void weeklyReports.sendDue().catch((err: unknown) => logger.warn({ err }, 'weekly usage reports failed')),
      WEEKLY_REPORTS_EVERY_MS,
    ).unref();
    return () => clearInterval(timer);
  },
  // After every module that records usage: the events still queued are committed.
  stop: ({ usage }) => usage.close(),
});
