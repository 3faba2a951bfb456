// A run that found regressions, or whose coverage fell below the monitor's threshold, tells the account once: a `monitor.regressed` event for the default
// webhook URL (Settings → "Webhook notifications", signed and retried like every account event) and
// a mail through the outbox (Settings → email notifications). Both are queued in the transaction
// that completes the run, which only one attempt of the run can commit: once per run, across
// instances and restarts.
import type { Executor } from '../../db/executor';
import type { ComposedMail, MailService } from '../mail';
import { composeMail } from '../mail';
import type { SettingsService, UserService } from '../users';
import type { WebhooksModule } from '../webhooks';

export interface RegressedRun {
  userId: string;
  monitor: { id: string; url: string };
  run: { id: string; number: number };
  regressed: number;
  failing: number;
  coverage: number | null;
  /** The monitor's threshold (null: none). */
  coverageThreshold: number | null;
}

/** Whether a completed run alerts: regressions, or coverage below the monitor's threshold. */
export function alertReasons(figures: { regressed: number; coverage: number | null }, threshold: number | null): Array<'regressed' | 'coverage'> {
  const reasons: Array<'regressed' | 'coverage'> = [];
  if (figures.regressed > 0) reasons.push('regressed');
  if (threshold !== null && figures.coverage !== null && figures.coverage < threshold) reasons.push('coverage');
  return reasons;
}

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;

export function monitorRegressedMail(input: {
  firstName: string;
  siteUrl: string;
  regressed: number;
  failing: number;
  coverage: number | null;
  coverageThreshold: number | null;
  link: string;
}): ComposedMail {
  const images = (count: number) => `${count} image${count === 1 ? '' : 's'}`;
  const host = new URL(input.siteUrl).host;
  const below = alertReasons(input, input.coverageThreshold).includes('coverage');
  return composeMail({
    subject: input.regressed > 0 ? `${images(input.regressed)} got worse on ${host}` : `Alt text coverage fell below ${percent(input.coverageThreshold ?? 0)} on ${host}`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      ...(input.regressed > 0 ? [`The latest run of your monitor of ${input.siteUrl} found ${images(input.regressed)} whose text alternative got worse or disappeared since the previous run.`] : []),
      ...(below ? [`${percent(input.coverage!)} of the images of ${input.siteUrl} have an acceptable text alternative, below the ${percent(input.coverageThreshold!)} you set for this monitor.`] : []),
      `${images(input.failing)} fail now${input.coverage === null ? '' : `; ${percent(input.coverage)} of the images have an acceptable text alternative`}.`,
    ],
    action: { label: "The run's figures (JSON, with your API key)", url: input.link },
    closing: ['You can turn these mails off with email notifications in your settings.'],
  });
}

export function createMonitorAlerts(deps: {
  linkBaseUrl: string;
  users: Pick<UserService, 'get'>;
  settings: Pick<SettingsService, 'get'>;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  events: Pick<WebhooksModule['accountWebhooks'], 'emit'>;
}) {
  return {
    /** Whom a mail goes to: read before the completing transaction (SQLite has one connection, held by it). */
    recipientOf: (userId: string) => deps.users.get(userId),

    /**
     * Queues the alerts in the run's completing transaction (the caller checked alertReasons); true
     * when a mail was queued (wake the outbox after commit). The event says why: `reasons`.
     */
    async regressed(found: RegressedRun, user: { email: string; first_name: string }, trx: Executor): Promise<boolean> {
      const data = {
        monitor: found.monitor,
        run: { ...found.run, url: `/api/v1/monitors/${found.monitor.id}/runs/${found.run.id}` },
        reasons: alertReasons(found, found.coverageThreshold),
        regressed: found.regressed,
        failing: found.failing,
        coverage: found.coverage,
        coverageThreshold: found.coverageThreshold,
      };
      await deps.events.emit(found.userId, 'monitor.regressed', data, trx);
      const settings = await deps.settings.get(found.userId, trx);
      if (!settings.notifications.email) return false;
      await deps.mail.enqueue(
        {
          userId: found.userId,
          kind: 'monitor-regressed',
          to: user.email,
          content: monitorRegressedMail({
            firstName: user.first_name,
            siteUrl: found.monitor.url,
            regressed: found.regressed,
            failing: found.failing,
            coverage: found.coverage,
            coverageThreshold: found.coverageThreshold,
            link: `${deps.linkBaseUrl}${data.run.url}`,
          }),
        },
        trx,
      );
      return true;
    },
  };
}

export type MonitorAlerts = ReturnType<typeof createMonitorAlerts>;
