import { MONITOR_LIMITS } from '@altwise/shared';
import { defineModule } from '../../platform/app-module';
import { createPageParsePool } from '../audits';
import { createMonitorAlerts } from './monitor-alerts';
import type { MonitorFixes } from './monitor-fixes';
import { createMonitorFixes } from './monitor-fixes';
import { createMonitorFixesRepository } from './monitor-fixes.repository';
import { createMonitorRunner } from './monitor-runner';
import type { MonitorRunner } from './monitor-runner';
import { createMonitorRepository } from './monitor.repository';
import type { MonitorService } from './monitor.service';
import { createMonitorService } from './monitor.service';
import { monitorFixesRoutes } from './monitor-fixes.routes';
import { monitorsRoutes } from './monitors.routes';

export interface MonitorsModule {
  monitors: MonitorService;
  fixes: MonitorFixes;
  runner: MonitorRunner;
  close: () => Promise<void>;
}

declare module '../../platform/app-module' {
  interface ModuleRegistry {
    monitors: MonitorsModule;
  }
}

/** How often an instance looks for due schedules and queued runs (a run queued here wakes it at once). */
const POLL_MS = 1_000;

/** Site monitors: scheduled crawls of a whole site, each run's images grouped and compared with the last. */
export const monitorsModule = defineModule({
  name: 'monitors',
  // audits: its page walk (the parsing workers) is the crawl's.
  // mail, webhooks: the alerts of a run that found regressions or low coverage.
  // jobs: a run's failing images described as a bulk job, reviewed in its queue (monitor-fixes.ts).
  needs: ['users', 'audits', 'mail', 'webhooks', 'jobs'],
  create: ({ ctx, logger, retention }, { users, mail, webhooks, jobs }) => {
    const repository = createMonitorRepository(ctx.db);
    const kept = { free: MONITOR_LIMITS.free.runsKept, pro: MONITOR_LIMITS.pro.runsKept, enterprise: MONITOR_LIMITS.enterprise.runsKept };
    retention.add({ name: 'monitor run details', run: (trx) => repository.dropOldDetails(trx, kept) });
    // The audits' page walk, on a worker thread of its own: a crawl never parses on the event loop.
    const parser = createPageParsePool({ size: 1 });
    const alerts = createMonitorAlerts({ linkBaseUrl: ctx.config.linkBaseUrl, users: users.users, settings: users.settings, mail, events: webhooks.accountWebhooks });
    // The service is built first (the runner asks it for the plan's runs per day) and wakes the runner once it exists.
    let wake = () => undefined as void;
    const monitors = createMonitorService({ ctx, repository, planOf: (userId) => users.users.planOf(userId), wake: () => wake() });
    const runner = createMonitorRunner({ ctx, repository, parser, logger, pollMs: POLL_MS, alerts, onMailQueued: () => mail.wake(), runRefusal: monitors.runRefusal });
    wake = () => runner.wake();
    const fixes = createMonitorFixes({ repository: createMonitorFixesRepository(ctx.db), monitors, jobs: jobs.jobs, now: ctx.now });
    return { monitors, fixes, runner, close: () => parser.close() };
  },
  http: {
    needs: ['guards'],
    register: async (app, { monitors, fixes }, { guards }) => {
      await app.register(monitorsRoutes, { monitors, guards });
      await app.register(monitorFixesRoutes, { fixes, guards });
    },
  },
  // On every server instance, whatever WORKERS says: a crawl waits on a remote site far more than it
  // computes, its parsing is on a worker thread, and a run is leased, so one instance takes it.
  start: ({ runner }) => {
    runner.start();
    return () => runner.stop();
  },
  stop: (self) => self.close(),
});
